import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessagesLoadState } from './MessagesLoadState.tsx';

function renderState(props: { isPending: boolean; failed: boolean; onRetry?: () => void }) {
  render(
    <MantineProvider env="test">
      <MessagesLoadState onRetry={() => {}} {...props}>
        <p>The messages</p>
      </MessagesLoadState>
    </MantineProvider>,
  );
}

describe('MessagesLoadState', () => {
  it('shows a named loader while the messages load', () => {
    renderState({ isPending: true, failed: false });
    expect(screen.getByLabelText('Loading messages')).toBeInTheDocument();
    expect(screen.queryByText('The messages')).not.toBeInTheDocument();
  });

  it('says the messages could not be loaded and retries on request', async () => {
    const onRetry = vi.fn();
    renderState({ isPending: false, failed: true, onRetry });
    expect(screen.getByText('The messages could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('The messages')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the list once loaded', () => {
    renderState({ isPending: false, failed: false });
    expect(screen.getByText('The messages')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading messages')).not.toBeInTheDocument();
  });
});
