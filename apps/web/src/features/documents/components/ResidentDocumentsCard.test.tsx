import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithRouter } from '../../../test/render.tsx';
import { ResidentDocumentsCard } from './ResidentDocumentsCard.tsx';
import { residence, residentDocument } from '../../../test/residences.ts';

const doc = (n: number, category: Parameters<typeof residentDocument>[0]['category'], name: string) =>
  residentDocument({ id: `44444444-4444-4444-8444-44444444444${n}`, category, name });

describe('ResidentDocumentsCard', () => {
  it("lists the property's documents under the spec's names, each opening its signed link in a new tab", async () => {
    const documents = [
      doc(1, 'architectural_guidelines', 'Exterior Paint and Fence Guide'),
      doc(2, 'ccr', 'Declaration of CC&Rs'),
      doc(3, 'meeting_minutes', 'Annual Meeting 2024'),
      doc(4, 'rules_and_regulations', 'Pool and Parking Rules'),
      doc(5, 'bylaws', 'Bylaws of Willow Creek HOA'),
    ];
    mockFetch((url) =>
      url === '/api/resident-portal'
        ? jsonResponse(200, { residences: [residence({ documents })] })
        : jsonResponse(404, {}),
    );
    renderWithRouter(<ResidentDocumentsCard />);
    const card = screen.getByRole('region', { name: 'Documents' });
    expect(within(card).getByText('Loading documents...')).toBeInTheDocument();
    await within(card).findByText('Declaration of CC&Rs');
    expect(
      within(card)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['CC&Rs', 'Bylaws', 'Community Rules', 'Architectural Guidelines', 'Meeting Minutes']);
    const link = within(card).getByRole('link', { name: /Declaration of CC&Rs/ });
    expect(link).toHaveAttribute('href', documents[1]!.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAccessibleName('Declaration of CC&Rs (opens in a new tab)');
    expect(within(card).queryByText('Sample data')).not.toBeInTheDocument();
  });

  it('says when no documents are filed yet', async () => {
    mockFetch(() => jsonResponse(200, { residences: [residence()] }));
    renderWithRouter(<ResidentDocumentsCard />);
    expect(await screen.findByText(/No documents yet\./)).toBeInTheDocument();
  });

  it('says when the account is not linked to a property', async () => {
    mockFetch(() => jsonResponse(200, { residences: [] }));
    renderWithRouter(<ResidentDocumentsCard />);
    expect(await screen.findByText(/Your account is not linked to a property yet/)).toBeInTheDocument();
  });

  it('names each property when the resident lives in more than one', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        residences: [
          residence({ documents: [doc(1, 'ccr', 'Willow CC&Rs')] }),
          residence({
            propertyId: '22222222-2222-4222-8222-222222222222',
            propertyName: 'Harbor View Condominiums',
            documents: [doc(2, 'bylaws', 'Harbor Bylaws')],
          }),
        ],
      }),
    );
    renderWithRouter(<ResidentDocumentsCard />);
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Harbor View Condominiums' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Willow Creek Commons' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Bylaws' })).toBeInTheDocument();
  });

  it("shows an association's documents once when the person has two homes in it", async () => {
    mockFetch(() =>
      jsonResponse(200, {
        residences: [
          residence({ unitNumber: '14B', documents: [doc(1, 'rules_and_regulations', 'Pool Rules')] }),
          residence({ unitNumber: 'Lot 27', documents: [doc(1, 'rules_and_regulations', 'Pool Rules')] }),
        ],
      }),
    );
    renderWithRouter(<ResidentDocumentsCard />);
    expect(await screen.findByRole('link', { name: /Pool Rules/ })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Community Rules' })).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Willow Creek Commons' })).not.toBeInTheDocument();
  });

  it('offers a retry when loading fails', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(500, { error: { code: 'INTERNAL', message: 'Boom' } })
        : jsonResponse(200, { residences: [residence({ documents: [doc(1, 'ccr', 'Willow CC&Rs')] })] });
    });
    const user = userEvent.setup();
    renderWithRouter(<ResidentDocumentsCard />);
    expect(await screen.findByText('Failed to load documents')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Willow CC&Rs/ })).toBeInTheDocument();
  });
});
