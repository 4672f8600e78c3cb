import type { ProjectUnit } from '@commonwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubDocumentFonts } from '../../../test/document-fonts.ts';
import { fakeServer, ok, refused, type Route } from '../../../test/fake-server.ts';
import { makeProject, makeUnit, projectId } from '../../../test/projects.ts';
import { makeUser, renderWithRouter } from '../../../test/render.tsx';
import { InventoryCard } from './InventoryCard.tsx';

const planned = [makeUnit('Lot 1', 'planned'), makeUnit('Lot 2', 'planned')];
const building = makeUnit('Lot 3', 'under_construction');
const forSale = makeUnit('Lot 4', 'available');
const underContract = makeUnit('Lot 5', 'under_contract');
const closed = makeUnit('Lot 6', 'closed');
const units = [...planned, building, forSale, underContract, closed];

const unitsRoute = (rows: ProjectUnit[] = units): Route => [
  'GET',
  /^\/api\/projects\/[^/]+\/units$/,
  ok({ units: rows, total: rows.length, page: 1, limit: 25 }),
];

function renderCard() {
  return renderWithRouter(<InventoryCard project={makeProject()} />, { user: makeUser('developer') });
}

const region = () => screen.getByRole('region', { name: /^Inventory/ });
const rowOf = async (label: string) =>
  (await within(region()).findByText(label, { selector: 'p' })).closest('tr') as HTMLElement;

describe('InventoryCard', () => {
  beforeAll(stubDocumentFonts);

  it('offers each unit the steps its status allows', async () => {
    fakeServer([unitsRoute()]);
    renderCard();
    expect(await screen.findByRole('region', { name: 'Inventory (6)' })).toBeInTheDocument();
    const actions = async (label: string) =>
      within(await rowOf(label))
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(await actions('Lot 1')).toEqual(['Start construction']);
    expect(await actions('Lot 3')).toEqual(['Release']);
    expect(await actions('Lot 4')).toEqual(['Sign contract…']);
    expect(await actions('Lot 5')).toEqual(['Cancel contract…', 'Close sale…']);
    expect(await actions('Lot 6')).toEqual([]);
    expect(await rowOf('Lot 6')).toHaveTextContent('Sold');
    expect(await rowOf('Lot 5')).toHaveTextContent('Jordan Buyerjordan@example.com$412,000.00');
    // Only the units a bulk step can move have a box to tick.
    expect(within(region()).getByRole('checkbox', { name: 'Select Lot 1' })).toBeInTheDocument();
    expect(within(region()).queryByRole('checkbox', { name: 'Select Lot 4' })).not.toBeInTheDocument();
  });

  it('searches and filters on the server', async () => {
    const server = fakeServer([unitsRoute()]);
    const user = userEvent.setup();
    renderCard();
    await screen.findByRole('region', { name: 'Inventory (6)' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Under contract' }));
    await user.click(screen.getByRole('combobox', { name: 'Phase' }));
    await user.click(await screen.findByRole('option', { name: 'Phase 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'jordan');
    await waitFor(() =>
      expect(server.calls.at(-1)?.url).toBe(
        `/api/projects/${projectId}/units?page=1&limit=25&q=jordan&phaseId=66666666-6666-4666-8666-666666666666&status=under_contract`,
      ),
    );
  });

  it('starts construction on the ticked units at once, all or nothing', async () => {
    const server = fakeServer([
      unitsRoute(),
      ['POST', /^\/api\/projects\/[^/]+\/units\/steps$/, ok({ moved: 2 })],
    ]);
    const user = userEvent.setup();
    renderCard();
    await screen.findByRole('region', { name: 'Inventory (6)' });
    await user.click(within(region()).getByRole('checkbox', { name: 'Select Lot 1' }));
    await user.click(within(region()).getByRole('checkbox', { name: 'Select Lot 2' }));
    expect(region()).toHaveTextContent('2 selected');
    // Neither unit is under construction: they cannot be released.
    expect(within(region()).getByRole('button', { name: 'Release (2)' })).toBeDisabled();
    await user.click(within(region()).getByRole('button', { name: 'Start construction (2)' }));
    expect(await screen.findByText('Construction started on 2 units')).toBeInTheDocument();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        url: `/api/projects/${projectId}/units/steps`,
        body: { event: 'start_construction', unitIds: [planned[0]!.unitId, planned[1]!.unitId] },
      },
    ]);
    expect(region()).not.toHaveTextContent('2 selected');
  });

  it('says which units could not move when the server refuses the step', async () => {
    fakeServer([
      unitsRoute(),
      [
        'POST',
        /^\/api\/projects\/[^/]+\/units\/steps$/,
        refused(409, 'INVALID_SALES_TRANSITION', 'Lot 3 is not under construction: nothing was released.'),
      ],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await rowOf('Lot 3')).getByRole('button', { name: 'Release Lot 3' }));
    const alert = await within(region()).findByRole('alert');
    expect(alert).toHaveTextContent('Nothing moved');
    expect(alert).toHaveTextContent('Lot 3 is not under construction: nothing was released.');
  });

  it('signs a contract and closes it at once, checking the dates first', async () => {
    const server = fakeServer([
      unitsRoute(),
      [
        'POST',
        /^\/api\/projects\/[^/]+\/units\/[^/]+\/contract$/,
        ok({ ...forSale, salesStatus: 'closed', events: [] }),
      ],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await rowOf('Lot 4')).getByRole('button', { name: 'Sign contract for Lot 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign contract: Lot 4' });
    expect(within(dialog).getByLabelText(/Contract date/)).toHaveValue('2026-11-20');
    await user.type(within(dialog).getByRole('textbox', { name: "Buyer's name" }), 'Sam Rivera');
    await user.type(within(dialog).getByRole('textbox', { name: "Buyer's e-mail" }), 'sam@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Price' }), '389,500');
    await user.click(within(dialog).getByRole('checkbox', { name: /The sale closes now too/ }));
    const closing = within(dialog).getByLabelText(/Closing date/);
    await user.clear(closing);
    await user.type(closing, '2026-11-01');
    await user.click(within(dialog).getByRole('button', { name: 'Sign and close' }));
    expect(within(dialog).getByText('The closing cannot be before the contract')).toBeInTheDocument();
    expect(server.writes()).toEqual([]);

    await user.clear(closing);
    await user.type(closing, '2026-11-25');
    await user.click(within(dialog).getByRole('button', { name: 'Sign and close' }));
    expect(await screen.findByText('Lot 4 closed: Sam Rivera is invited as its owner')).toBeInTheDocument();
    expect(server.writes()[0]).toEqual({
      method: 'POST',
      url: `/api/projects/${projectId}/units/${forSale.unitId}/contract`,
      body: {
        buyerName: 'Sam Rivera',
        buyerEmail: 'sam@example.com',
        contractOn: '2026-11-20',
        priceCents: 38_950_000,
        closingOn: '2026-11-25',
      },
    });
  });

  it('shows the server’s closing errors in the dialog, on the date or above the buttons', async () => {
    let answer = refused(
      422,
      'CLOSING_BEFORE_CONTRACT',
      'The closing cannot be before the contract (Oct 1, 2026).',
    );
    fakeServer([unitsRoute(), ['POST', /^\/api\/projects\/[^/]+\/units\/[^/]+\/close$/, () => answer]]);
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await rowOf('Lot 5')).getByRole('button', { name: 'Close sale of Lot 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close sale: Lot 5' });
    expect(dialog).toHaveTextContent(
      'Lot 5 is under contract with Jordan Buyer (jordan@example.com) since Oct 1, 2026',
    );
    expect(dialog).toHaveTextContent('invited by e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Close sale' }));
    expect(
      await within(dialog).findByText('The closing cannot be before the contract (Oct 1, 2026).'),
    ).toBeInTheDocument();

    answer = refused(409, 'UNIT_ALREADY_CLOSED', 'Lot 5 is closed already: a closing is final.');
    await user.click(within(dialog).getByRole('button', { name: 'Close sale' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Lot 5 is closed already: a closing is final.',
    );
    expect(screen.getByRole('dialog', { name: 'Close sale: Lot 5' })).toBeInTheDocument();
  });

  it('asks why a contract fell through before cancelling it', async () => {
    const server = fakeServer([
      unitsRoute(),
      [
        'POST',
        /^\/api\/projects\/[^/]+\/units\/[^/]+\/cancel-contract$/,
        ok({ ...underContract, salesStatus: 'available' }),
      ],
    ]);
    const user = userEvent.setup();
    renderCard();
    await user.click(within(await rowOf('Lot 5')).getByRole('button', { name: 'Cancel contract on Lot 5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel contract: Lot 5' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel contract' }));
    expect(within(dialog).getByText('Say why the contract fell through')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Financing fell through');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel contract' }));
    expect(
      await screen.findByText('The contract on Lot 5 is cancelled: it is available again'),
    ).toBeInTheDocument();
    expect(server.writes()[0]?.body).toEqual({ reason: 'Financing fell through' });
  });

  it('says when no unit matches, and when loading fails', async () => {
    let answer = ok({ units: [], total: 0, page: 1, limit: 25 });
    fakeServer([['GET', /^\/api\/projects\/[^/]+\/units$/, () => answer]]);
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByRole('heading', { name: 'No units yet' })).toBeInTheDocument();
    answer = refused(500, 'INTERNAL', 'Boom');
    await user.type(screen.getByRole('textbox', { name: 'Search units' }), 'zz');
    expect(await screen.findByRole('heading', { name: 'Failed to load units' })).toBeInTheDocument();
  });
});
