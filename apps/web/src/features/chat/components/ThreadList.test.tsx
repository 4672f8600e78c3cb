import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatThread } from '@commonwise/contracts';
import { chatKeys, upsertCachedThread } from '../api.ts';
import { ThreadList } from './ThreadList.tsx';

const thread = (id: string, title: string, hasUnread?: boolean): ChatThread => ({
  id,
  title,
  isActive: true,
  createdAt: '2026-11-25T10:00:00.000Z',
  updatedAt: '2026-11-25T10:00:00.000Z',
  ...(hasUnread === undefined ? {} : { hasUnread }),
});

describe('ThreadList: replies not read yet (issue 26)', () => {
  it('marks the conversations with new replies, but not the one open', () => {
    render(
      <MantineProvider env="test">
        <ThreadList
          threads={[
            thread('a', 'Leak (bathroom)', true),
            thread('b', 'Pool hours', false),
            thread('c', 'Open one', true),
          ]}
          isLoading={false}
          isError={false}
          onRetry={vi.fn()}
          activeThreadId="c"
          onSelect={vi.fn()}
          onCreate={vi.fn()}
          isCreating={false}
          onDelete={vi.fn()}
          now={new Date('2026-11-25T11:00:00.000Z')}
        />
      </MantineProvider>,
    );
    const list = screen.getByRole('list', { name: 'Conversations' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('New reply')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('New reply')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByText('New reply')).not.toBeInTheDocument();
  });

  it('keeps the mark when a live update does not say (the resident\u2019s own message), and takes a reply\u2019s', () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.threads, [thread('a', 'Leak', true)]);
    upsertCachedThread(
      client,
      { ...thread('a', 'Leak'), updatedAt: '2026-11-25T10:05:00.000Z' },
      { add: false },
    );
    expect(client.getQueryData<ChatThread[]>(chatKeys.threads)![0]!.hasUnread).toBe(true);
    upsertCachedThread(client, thread('a', 'Leak', false), { add: false });
    expect(client.getQueryData<ChatThread[]>(chatKeys.threads)![0]!.hasUnread).toBe(false);
  });
});
