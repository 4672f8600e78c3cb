import type { WorkRoomListEntry } from '@commonwise/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconMessages, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatThreadTime } from '../../../lib/format.ts';
import { formatWorkOrderNumber, WorkOrderStatusBadge } from '../../work-orders/index.ts';
import { countUnread, filterWorkOrders, hasRoomMessages } from '../work-rooms.ts';
import panes from '../../../components/ThreePaneLayout.module.css';
import classes from './WorkRoomsPage.module.css';

interface WorkOrderSidebarProps {
  entries: WorkRoomListEntry[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedRoomId: string | null;
  search: string;
  onSearchChange: (search: string) => void;
  /** What the person opened or closed themselves; anything else follows SPEC §2's default. */
  expanded: Record<string, boolean>;
  onToggle: (workOrderId: string, isExpanded: boolean) => void;
  /** The time labels are relative to this moment. */
  now?: Date;
}

/**
 * SPEC §2: the work orders the person may see, searchable, each opening to its rooms. Those whose
 * rooms have messages, and the one of the open room, start open.
 */
export function WorkOrderSidebar({
  entries,
  isLoading,
  isError,
  onRetry,
  selectedRoomId,
  search,
  onSearchChange,
  expanded,
  onToggle,
  now = new Date(),
}: WorkOrderSidebarProps) {
  const visible = entries ? filterWorkOrders(entries, search) : [];
  return (
    <Stack gap={0} h="100%">
      <Stack gap="sm" p="md" pb="sm">
        <Title order={2} size="h4">
          Work Orders
        </Title>
        <TextInput
          type="search"
          placeholder="Search work orders..."
          aria-label="Search work orders"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
        />
      </Stack>
      <div className={panes.scroll}>
        {isLoading ? (
          <Group justify="center" p="md">
            <Loader size="sm" role="status" aria-label="Loading work orders" />
          </Group>
        ) : isError ? (
          <Alert color="red" m="sm" title="The work orders could not be loaded">
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Alert>
        ) : visible.length === 0 ? (
          <Text c="dimmed" size="sm" p="md" ta="center">
            No work orders found
          </Text>
        ) : (
          <ul className={classes.workOrders} aria-label="Work orders">
            {visible.map((entry) => {
              const hasSelectedRoom = entry.rooms.some((room) => room.id === selectedRoomId);
              const isExpanded = expanded[entry.workOrder.id] ?? (hasSelectedRoom || hasRoomMessages(entry));
              return (
                <WorkOrderItem
                  key={entry.workOrder.id}
                  entry={entry}
                  isExpanded={isExpanded}
                  hasSelectedRoom={hasSelectedRoom}
                  selectedRoomId={selectedRoomId}
                  onToggle={() => onToggle(entry.workOrder.id, !isExpanded)}
                  now={now}
                />
              );
            })}
          </ul>
        )}
      </div>
    </Stack>
  );
}

interface WorkOrderItemProps {
  entry: WorkRoomListEntry;
  isExpanded: boolean;
  hasSelectedRoom: boolean;
  selectedRoomId: string | null;
  onToggle: () => void;
  now: Date;
}

function WorkOrderItem({
  entry,
  isExpanded,
  hasSelectedRoom,
  selectedRoomId,
  onToggle,
  now,
}: WorkOrderItemProps) {
  const { workOrder, rooms } = entry;
  const roomsId = `work-order-rooms-${workOrder.id}`;
  const unread = countUnread(entry);
  const Chevron = isExpanded ? IconChevronDown : IconChevronRight;
  return (
    <li className={classes.workOrder} data-current={hasSelectedRoom || undefined}>
      <button
        type="button"
        className={classes.itemButton}
        aria-expanded={isExpanded}
        aria-controls={roomsId}
        onClick={onToggle}
      >
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Chevron size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" fw={600} lineClamp={2} component="span">
              {workOrder.summary}
            </Text>
            <Group gap={6} wrap="wrap">
              <Text size="xs" ff="monospace" c="dimmed" component="span">
                {formatWorkOrderNumber(workOrder)}
              </Text>
              <WorkOrderStatusBadge status={workOrder.status} size="xs" />
              {unread > 0 ? (
                <Badge size="xs" color="red" variant="filled">
                  {unread}
                  <VisuallyHidden> unread</VisuallyHidden>
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" truncate="end" component="span">
              {workOrder.property.name}
            </Text>
          </Stack>
        </Group>
      </button>
      {isExpanded ? (
        <ul id={roomsId} className={classes.rooms} aria-label={`Rooms of ${workOrder.summary}`}>
          {rooms.length === 0 ? (
            <li>
              <Text size="xs" c="dimmed" px="sm" py={6}>
                No active rooms
              </Text>
            </li>
          ) : (
            rooms.map((room) => {
              const isSelected = room.id === selectedRoomId;
              return (
                <li key={room.id}>
                  <Link
                    to={`?room=${encodeURIComponent(room.id)}`}
                    className={classes.itemButton}
                    aria-current={isSelected ? 'page' : undefined}
                    style={{ textDecoration: 'none', padding: '8px 10px' }}
                  >
                    <Group gap={8} wrap="nowrap">
                      <IconMessages size={16} aria-hidden style={{ flexShrink: 0 }} />
                      <Text
                        size="sm"
                        fw={isSelected ? 600 : 500}
                        truncate="end"
                        component="span"
                        style={{ flex: 1 }}
                      >
                        {room.roomName}
                      </Text>
                      {room.unreadCount ? (
                        <Badge size="sm" color="red" variant="filled">
                          {room.unreadCount}
                          <VisuallyHidden> unread</VisuallyHidden>
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" component="span" display="block" pl={24}>
                      {room.messageCount === 1 ? '1 message' : `${room.messageCount} messages`}
                      {room.lastMessageAt ? (
                        <>
                          {' · '}
                          <time dateTime={room.lastMessageAt}>
                            {formatThreadTime(room.lastMessageAt, now)}
                          </time>
                        </>
                      ) : null}
                    </Text>
                  </Link>
                </li>
              );
            })
          )}
        </ul>
      ) : null}
    </li>
  );
}
