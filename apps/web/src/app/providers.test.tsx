import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../test/render.tsx';
import { Providers } from './providers.tsx';

afterEach(() => {
  act(() => notifications.clean());
});

describe('toasts', () => {
  it('show at the top centre, over the top bar, with a named close button', async () => {
    render(
      <Providers queryClient={createTestQueryClient()}>
        <p>Page</p>
      </Providers>,
    );
    act(() => {
      notifications.show({ color: 'green', message: 'Document uploaded successfully' });
    });
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Document uploaded successfully');
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    const container = toast.closest('[data-position]');
    expect(container).toHaveAttribute('data-position', 'top-center');
    // Bottom right, they covered the action buttons at the end of table rows.
    expect(document.querySelector('[data-position="bottom-right"] [role="alert"]')).toBeNull();
    // Only the close button takes the pointer: what is under the toast stays clickable.
    expect(container).toHaveStyle({ pointerEvents: 'none' });
    expect(screen.getByRole('button', { name: 'Close notification' })).toHaveStyle({ pointerEvents: 'auto' });
  });

  it('show at most two at a time; the others wait their turn', async () => {
    render(
      <Providers queryClient={createTestQueryClient()}>
        <p>Page</p>
      </Providers>,
    );
    act(() => {
      for (let index = 1; index <= 5; index++) notifications.show({ message: `Toast ${index}` });
    });
    expect(await screen.findByText('Toast 1')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.queryByText('Toast 3')).not.toBeInTheDocument();
  });
});
