import { EmptyState, Paper } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader.tsx';

/** /chat: the AI Assistant arrives in a later release; the route and its place in the menu exist now. */
export function ChatPage() {
  return (
    <>
      <PageHeader
        title="AI Assistant"
        description="Ask questions about your community and turn requests into work orders."
      />
      <Paper withBorder radius="lg" p="xl" maw={900}>
        <EmptyState
          icon={<IconMessageChatbot size={28} aria-hidden />}
          withIndicatorBackground
          title="Coming in a later release"
          description="The AI Assistant is not available yet. It arrives in a later release."
        />
      </Paper>
    </>
  );
}
