import { Drawer, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSignedInUser } from '../../../lib/session.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useWidth } from '../../../lib/use-width.ts';
import { workRoomListQueryOptions } from '../api.ts';
import { useWorkRoomsLive } from '../hooks/use-work-rooms-live.ts';
import { findEntryOfRoom } from '../work-rooms.ts';
import { RoomDetailsPanel } from './RoomDetailsPanel.tsx';
import { RoomView } from './RoomView.tsx';
import { WorkOrderSidebar } from './WorkOrderSidebar.tsx';
import panes from '../../../components/ThreePaneLayout.module.css';

const detailsPanelId = 'work-room-details';
const rem = 16;
/** The list (20rem), the chat at its narrowest (25rem) and the details (24rem), with gaps. */
const widthForDetailsColumn = (20 + 25 + 24 + 2) * rem;

/**
 * /work-rooms (SPEC §2 'Work Rooms'): the work orders and their rooms on the left, the open room in
 * the centre, its details on the right. The open room is the URL's `?room=`, so links (the AI
 * Assistant's work order panel, the resident portal), a reload and the back button all keep it.
 * On phones (SPEC §9: under 768px) the three areas are screens of their own: list → room → details.
 */
export function WorkRoomsPage() {
  usePageTitle('Work Rooms');
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const roomId = searchParams.get('room');
  const listQuery = useQuery(workRoomListQueryOptions);
  const entries = listQuery.data?.workOrders;
  const entry = findEntryOfRoom(entries, roomId);
  const listedRoom = entry?.rooms.find((room) => room.id === roomId);

  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // null: the default — open beside the chat when it fits, closed otherwise (and always on phones).
  // A link may ask for the details open (?details=open: "Rate the work" from the resident portal).
  const [detailsChoice, setDetailsChoice] = useState<boolean | null>(() =>
    searchParams.get('details') === 'open' ? true : null,
  );
  const isMobile = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const { ref: rootRef, width } = useWidth<HTMLDivElement>();
  const hasDetailsColumn = !isMobile && (width === 0 || width >= widthForDetailsColumn);
  const isDetailsOpen = roomId !== null && (detailsChoice ?? hasDetailsColumn);

  useWorkRoomsLive(user.id, roomId);

  const goToList = () => {
    setSearchParams({});
    setDetailsChoice(null);
  };

  const sidebar = (
    <WorkOrderSidebar
      entries={entries}
      isLoading={listQuery.isPending}
      isError={listQuery.isError}
      onRetry={() => void listQuery.refetch()}
      selectedRoomId={roomId}
      search={search}
      onSearchChange={setSearch}
      expanded={expanded}
      onToggle={(workOrderId, isExpanded) =>
        setExpanded((current) => ({ ...current, [workOrderId]: isExpanded }))
      }
    />
  );
  const roomView = roomId ? (
    <RoomView
      key={roomId}
      roomId={roomId}
      fallback={
        listedRoom && entry ? { roomName: listedRoom.roomName, status: entry.workOrder.status } : undefined
      }
      viewerId={user.id}
      onBack={isMobile ? goToList : undefined}
      details={{
        isOpen: isDetailsOpen,
        onToggle: () => setDetailsChoice(!isDetailsOpen),
        controlsId: detailsPanelId,
      }}
    />
  ) : (
    <Welcome />
  );
  const detailsPanel = roomId ? (
    <RoomDetailsPanel roomId={roomId} onClose={() => setDetailsChoice(false)} isScreen={isMobile} />
  ) : null;

  return (
    <>
      <VisuallyHidden>
        <h1>Work Rooms</h1>
      </VisuallyHidden>
      <div className={panes.root} ref={rootRef} data-mobile={isMobile || undefined}>
        {isMobile ? (
          // One screen at a time: the list, then the room, then its details.
          !roomId ? (
            <Paper withBorder radius="lg" className={panes.area} component="nav" aria-label="Work orders">
              {sidebar}
            </Paper>
          ) : isDetailsOpen ? (
            <Paper withBorder radius="lg" className={panes.area} id={detailsPanelId}>
              {detailsPanel}
            </Paper>
          ) : (
            <Paper withBorder radius="lg" className={panes.area} component="section" aria-label="Room">
              {roomView}
            </Paper>
          )
        ) : (
          <>
            <Paper
              withBorder
              radius="lg"
              className={`${panes.area} ${panes.listArea}`}
              component="nav"
              aria-label="Work orders"
            >
              {sidebar}
            </Paper>
            <Paper
              withBorder
              radius="lg"
              className={`${panes.area} ${panes.mainArea}`}
              component="section"
              aria-label="Room"
            >
              {roomView}
            </Paper>
            {detailsPanel && hasDetailsColumn && isDetailsOpen ? (
              <Paper
                withBorder
                radius="lg"
                className={`${panes.area} ${panes.panelArea}`}
                id={detailsPanelId}
              >
                {detailsPanel}
              </Paper>
            ) : null}
          </>
        )}
      </div>

      {detailsPanel && !isMobile && !hasDetailsColumn ? (
        // Too narrow for a third column: the details slide over the chat.
        <Drawer.Root
          opened={isDetailsOpen}
          onClose={() => setDetailsChoice(false)}
          position="right"
          size="24rem"
          id={detailsPanelId}
        >
          <Drawer.Overlay />
          <Drawer.Content aria-label="Room details">
            <Drawer.Body p={0} h="100%">
              {detailsPanel}
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Root>
      ) : null}
    </>
  );
}

/** SPEC §2: no room is open. */
function Welcome() {
  return (
    <Stack align="center" justify="center" gap="sm" p="xl" ta="center" h="100%">
      <ThemeIcon size={64} radius="xl" variant="light">
        <IconMessages size={34} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h3">
        Welcome to Work Rooms
      </Title>
      <Text c="dimmed" maw={420}>
        Select a work order from the sidebar...
      </Text>
    </Stack>
  );
}
