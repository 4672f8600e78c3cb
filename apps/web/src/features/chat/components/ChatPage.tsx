import { IconMessageChatbot } from '@tabler/icons-react';
import { UpcomingPage } from '../../../components/UpcomingPage.tsx';

/** /chat: the AI Assistant arrives in a later release; the route and its place in the menu exist now. */
export function ChatPage() {
  return (
    <UpcomingPage
      title="AI Assistant"
      description="Ask questions about your community and turn requests into work orders."
      icon={<IconMessageChatbot size={28} aria-hidden />}
      noticeTitle="Coming in a later release"
      notice="The AI Assistant is not available yet. It arrives in a later release."
    />
  );
}
