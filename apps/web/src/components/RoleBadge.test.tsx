import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RoleBadge } from './RoleBadge.tsx';

function renderBadge(role: string) {
  render(
    <MantineProvider env="test">
      <RoleBadge role={role} />
    </MantineProvider>,
  );
}

describe('RoleBadge', () => {
  it.each([
    ['admin', 'Admin', 'red'],
    ['manager', 'Manager', 'blue'],
    ['resident', 'Resident', 'green'],
    ['vendor', 'Vendor', 'grape'],
    ['board', 'Board', 'gray'],
    ['developer', 'Developer', 'gray'],
    ['superintendent', 'Superintendent', 'gray'],
  ])('shows %s as "%s" in %s', (role, label, color) => {
    renderBadge(role);
    const badge = screen.getByText(label).closest('.mantine-Badge-root');
    expect(badge).not.toBeNull();
    expect(badge?.getAttribute('style')).toContain(`var(--mantine-color-${color}-light)`);
  });
});
