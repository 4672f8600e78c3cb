import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { recentMonths, StatementDownload } from './StatementDownload.tsx';

describe('recentMonths', () => {
  it('offers the association’s month and the ones before it, across a new year', () => {
    expect(recentMonths('2026-01-15', 3)).toEqual([
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
      { value: '2025-11', label: 'November 2025' },
    ]);
  });
});

describe('StatementDownload', () => {
  it('downloads the chosen month, and says why when the server refuses', async () => {
    const user = userEvent.setup();
    const download = vi
      .fn<(month: string) => Promise<string>>()
      .mockResolvedValueOnce('statement-unit-14B.pdf')
      .mockRejectedValueOnce(
        new ApiRequestError({
          status: 422,
          code: 'MONTH_NOT_BEGUN',
          message: 'A statement is for a month that has begun',
        }),
      );
    renderWithRouter(<StatementDownload download={download} />);
    const [thisMonth, lastMonth] = recentMonths();
    expect(screen.getByRole('combobox', { name: 'Statement month' })).toHaveValue(thisMonth!.label);
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(thisMonth!.value));
    await user.click(screen.getByRole('combobox', { name: 'Statement month' }));
    await user.click(await screen.findByRole('option', { name: lastMonth!.label }));
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    await waitFor(() => expect(download).toHaveBeenLastCalledWith(lastMonth!.value));
    expect(await screen.findByRole('alert')).toHaveTextContent('A statement is for a month that has begun');
  });
});
