import {
  roomNoticeKinds,
  type ChatMessage,
  type RoomParticipant,
  type WorkRoomListEntry,
} from '@commonwise/contracts';
import { getRoleLabel } from '../../lib/roles.ts';
import { shortWorkOrderId } from '../work-orders/index.ts';

/**
 * The work orders whose summary, categories, property name or id (whole or the 8 characters shown)
 * contain every word of the search, ignoring case; all of them for an empty search.
 */
export function filterWorkOrders(entries: readonly WorkRoomListEntry[], search: string): WorkRoomListEntry[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter(({ workOrder }) => {
    const haystack = [
      workOrder.summary,
      workOrder.mainCategory,
      workOrder.mainCategory.replace(/_/g, ' '),
      workOrder.subcategory ?? '',
      (workOrder.subcategory ?? '').replace(/_/g, ' '),
      workOrder.property.name,
      workOrder.id,
      `#${shortWorkOrderId(workOrder.id)}`,
    ]
      .join('\n')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The work order a room belongs to, in the sidebar's list. */
export function findEntryOfRoom(
  entries: readonly WorkRoomListEntry[] | undefined,
  roomId: string | null,
): WorkRoomListEntry | undefined {
  if (!roomId) return undefined;
  return entries?.find((entry) => entry.rooms.some((room) => room.id === roomId));
}

/** SPEC §2: work orders that have rooms with messages open by themselves. */
export function hasRoomMessages(entry: WorkRoomListEntry): boolean {
  return entry.rooms.some((room) => room.messageCount > 0);
}

/** Unread messages in a work order's rooms (rooms one only reads count none). */
export function countUnread(entry: WorkRoomListEntry): number {
  return entry.rooms.reduce((sum, room) => sum + (room.unreadCount ?? 0), 0);
}

const noticeKinds: ReadonlySet<string> = new Set(roomNoticeKinds);

/** A room notice (status changed, vendor assigned, someone joined or left), shown centred and small. */
export function isRoomNotice(message: ChatMessage): boolean {
  return message.role === 'system' && noticeKinds.has(String(message.metadata.kind));
}

/**
 * Who wrote a message and as what: a person's role in the room (their participant role), 'AI
 * Assistant' for the assistant's messages, 'System notice' for what the product itself wrote (a new
 * work order's details, a hand-over), and 'You' for the viewer's own (issue 26). A sender whose account
 * is gone is 'Unknown User'.
 */
export function describeSender(
  message: ChatMessage,
  participants: readonly RoomParticipant[],
  viewerId: string,
): { name: string; role: RoomParticipant['role'] | null; roleLabel: string } {
  if (message.role === 'system') return { name: 'System notice', role: null, roleLabel: 'System notice' };
  if (message.role !== 'user') return { name: 'AI Assistant', role: null, roleLabel: 'AI Assistant' };
  const participant = participants.find((candidate) => candidate.userId === message.senderId);
  const name = message.senderId === viewerId ? 'You' : (message.senderName ?? 'Unknown User');
  if (!participant) return { name, role: null, roleLabel: 'User' };
  return { name, role: participant.role, roleLabel: getRoleLabel(participant.role) };
}
