import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, TestProviders } from '../../../test/render.tsx';
import { hostileMessage, hostileMessageTexts, markupSelector } from '../../../test/hostile-messages.ts';
import { MessageList } from './MessageList.tsx';

afterEach(() => vi.restoreAllMocks());

const viewer = { id: 'user-resident', role: 'resident' as const, fullName: 'Pat Resident' };

describe('chat messages with HTML or markdown in them', () => {
  it('shows each exactly as written, as text, and creates no element from it', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const messages = hostileMessageTexts.map((text, index) =>
      hostileMessage(text, index, { role: index % 2 ? 'assistant' : 'user', senderId: viewer.id }),
    );
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <MessageList messages={messages} viewer={viewer} isTyping={false} />
      </TestProviders>,
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    for (const text of hostileMessageTexts) expect(within(log).getByText(text)).toBeInTheDocument();
    expect(log.querySelectorAll(markupSelector)).toHaveLength(0);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'pixel' })).not.toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows a cited document's name and passage as text too", () => {
    const message = hostileMessage('The pool closes at 10 pm.', 1, {
      role: 'assistant',
      metadata: {
        citation: {
          documentName: '<img src=x onerror=alert(1)>.pdf',
          page: 3,
          excerpt: '**Quiet hours** [rules](javascript:alert(1)) <script>alert(1)</script>',
        },
      },
    });
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <MessageList messages={[message]} viewer={viewer} isTyping={false} />
      </TestProviders>,
    );
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(
      within(log).getByText('**Quiet hours** [rules](javascript:alert(1)) <script>alert(1)</script>'),
    ).toBeInTheDocument();
    expect(log).toHaveTextContent('— <img src=x onerror=alert(1)>.pdf, page 3');
    expect(log.querySelectorAll(markupSelector)).toHaveLength(0);
  });
});
