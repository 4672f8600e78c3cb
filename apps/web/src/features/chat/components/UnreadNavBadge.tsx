import { Badge } from '@mantine/core';
import { realtimeChannels, type UnreadConversations } from '@commonwise/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '../../../lib/realtime.ts';
import { useSignedInUser } from '../../../lib/session.ts';
import { unreadQueryKey, unreadQueryOptions } from '../unread.ts';

/** Which unread count a navigation entry shows, and the channel whose events change it. */
const counted: Record<
  string,
  { count: (unread: UnreadConversations) => number; channel: (userId: string) => string }
> = {
  '/chat': { count: (unread) => unread.threads.messages, channel: realtimeChannels.userThreads },
  '/work-rooms': { count: (unread) => unread.rooms.messages, channel: realtimeChannels.userWork },
};

/** The unread messages of the AI Assistant and Work Rooms entries; nothing for other entries or none unread. */
export function UnreadNavBadge({ to }: { to: string }) {
  const entry = counted[to];
  return entry ? <CountBadge entry={entry} /> : null;
}

function CountBadge({ entry }: { entry: (typeof counted)[string] }) {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadQueryOptions);
  const reload = () => void queryClient.invalidateQueries({ queryKey: unreadQueryKey });
  useRealtimeChannel(entry.channel(user.id), reload, { onResync: reload });
  const count = data ? entry.count(data) : 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" variant="filled" circle={count < 10} aria-label={`${count} unread`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
