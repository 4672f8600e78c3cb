import { EmptyState, Paper } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader.tsx';

/** /work-rooms: per-work-order rooms arrive in a later release; the route exists now. */
export function WorkRoomsPage() {
  return (
    <>
      <PageHeader
        title="Work Rooms"
        description="One room per work order, where residents, managers and vendors talk it through."
      />
      <Paper withBorder radius="lg" p="xl" maw={900}>
        <EmptyState
          icon={<IconMessages size={28} aria-hidden />}
          withIndicatorBackground
          title="Coming in a later release"
          description="Work Rooms are not available yet. They arrive in a later release."
        />
      </Paper>
    </>
  );
}
