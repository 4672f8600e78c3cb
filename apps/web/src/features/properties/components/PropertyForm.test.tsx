import type { PropertyInput } from '@commonwise/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api.ts';
import { renderWithRouter } from '../../../test/render.tsx';
import { normalizeUnits, toPropertyInput, validatePropertyForm } from '../property-form.ts';
import { PropertyForm } from './PropertyForm.tsx';

function renderForm(onSubmit = vi.fn<(input: PropertyInput) => Promise<unknown>>(async () => undefined)) {
  renderWithRouter(<PropertyForm submitLabel="Create Property" onSubmit={onSubmit} onCancel={() => {}} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('property form rules', () => {
  it('falls back to 1 unit when the entry is empty or not a number', () => {
    expect(normalizeUnits('')).toBe(1);
    expect(normalizeUnits('   ')).toBe(1);
    expect(normalizeUnits('many')).toBe(1);
    expect(normalizeUnits(Number.NaN)).toBe(1);
    expect(normalizeUnits('12')).toBe(12);
    expect(normalizeUnits(40)).toBe(40);
    // Zero is a number: it is refused, not silently turned into 1.
    expect(normalizeUnits(0)).toBe(0);
  });

  it("checks the contract's rules on what would be sent", () => {
    const values = {
      name: ' ',
      address: 'abc',
      type: 'residential',
      description: '',
      units: 0,
      status: 'pending',
      jurisdiction: 'CA',
      timeZone: 'America/Los_Angeles',
    } as const;
    expect(validatePropertyForm(values)).toEqual({
      name: 'Property name is required',
      address: 'Address must be at least 5 characters',
      units: 'Property must have at least 1 unit',
    });
    expect(validatePropertyForm({ ...values, name: 'Oak Court', address: '1 Oak Court', units: '' })).toEqual(
      {},
    );
    expect(toPropertyInput({ ...values, name: ' Oak Court ', address: ' 1 Oak Court ', units: '' })).toEqual({
      name: 'Oak Court',
      address: '1 Oak Court',
      type: 'residential',
      description: null,
      units: 1,
      status: 'pending',
      jurisdiction: 'CA',
      timeZone: 'America/Los_Angeles',
    });
  });
});

describe('PropertyForm', () => {
  it('starts as a residential property, pending, with 1 unit', () => {
    renderForm();
    expect(screen.getByRole('combobox', { name: /^Type/ })).toHaveValue('Residential');
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('Pending');
    expect(screen.getByRole('textbox', { name: /^Units/ })).toHaveValue('1');
  });

  it('shows the messages on submit and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), 'Elm');
    await user.clear(screen.getByRole('textbox', { name: /^Units/ }));
    await user.type(screen.getByRole('textbox', { name: /^Units/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));

    expect(await screen.findByText('Property name is required')).toBeInTheDocument();
    expect(screen.getByText('Address must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Property must have at least 1 unit')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    // After the first submit, fixing a field clears its message as one types.
    await user.type(screen.getByRole('textbox', { name: /^Property name/ }), 'Elm Row');
    expect(screen.queryByText('Property name is required')).not.toBeInTheDocument();
  });

  it('sends 1 unit when the units field is left empty', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Property name/ }), '  Elm Row ');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '12 Elm Row, Springfield');
    await user.clear(screen.getByRole('textbox', { name: /^Units/ }));
    await user.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Elm Row',
      address: '12 Elm Row, Springfield',
      type: 'residential',
      description: null,
      units: 1,
      status: 'pending',
      jurisdiction: 'none',
      timeZone: 'America/Los_Angeles',
    });
  });

  it('sends the chosen state law and a time zone found by searching', async () => {
    const { onSubmit, user } = renderForm();
    expect(screen.getByRole('combobox', { name: /^State law/ })).toHaveValue('None / not listed');
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Los_Angeles');
    await user.type(screen.getByRole('textbox', { name: /^Property name/ }), 'Elm Row');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '12 Elm Row, Austin, TX');

    await user.click(screen.getByRole('combobox', { name: /^State law/ }));
    await user.click(await screen.findByRole('option', { name: 'Texas (Property Code ch. 209)' }));
    const timeZone = screen.getByRole('combobox', { name: /^Time zone/ });
    await user.clear(timeZone);
    await user.type(timeZone, 'chicago');
    await user.click(await screen.findByRole('option', { name: 'America/Chicago' }));
    await user.click(screen.getByRole('button', { name: 'Create Property' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ jurisdiction: 'TX', timeZone: 'America/Chicago' }),
    );
  });

  it("puts the server's field errors on the fields", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiRequestError({
        status: 400,
        code: 'VALIDATION_FAILED',
        message: 'Check the highlighted fields',
        fields: { name: 'A property with this name already exists' },
      });
    });
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: /^Property name/ }), 'Elm Row');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '12 Elm Row, Springfield');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('A property with this name already exists')).toBeInTheDocument();
  });
});
