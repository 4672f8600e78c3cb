import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithRouter } from '../../test/render.tsx';
import { AppLayout } from './AppLayout.tsx';

// The account menu loads after the first paint (the shell's size budget): this holds its module back
// until a test lets it through, to act in the moment in between — as right after signing in.
const menuGate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('./UserMenu.tsx', async (importOriginal) => {
  await menuGate.opened;
  return importOriginal();
});

describe('AppLayout', () => {
  it('opens the account menu clicked while the menu was still loading', async () => {
    const user = userEvent.setup();
    renderWithRouter(<AppLayout />, { path: '/dashboard', user: makeUser('admin') });
    const standIn = screen.getByRole('button', { name: /Account menu for/ });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(standIn);
    expect(screen.queryByRole('menuitem', { name: 'Sign Out' })).not.toBeInTheDocument();

    menuGate.open();
    expect(await screen.findByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
    // Once loaded, the menu works as any other: it closes and opens again.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Sign Out' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Account menu for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  });
});
