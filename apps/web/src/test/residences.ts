import type { Residence, ResidentDocument } from '@commonwise/contracts';

export function residentDocument(overrides: Partial<ResidentDocument>): ResidentDocument {
  const id = overrides.id ?? '44444444-4444-4444-8444-444444444444';
  return {
    id,
    name: 'Document',
    description: null,
    category: 'ccr',
    fileName: 'document.pdf',
    mimeType: 'application/pdf',
    uploadedAt: '2025-01-05T10:00:00.000Z',
    url: `/api/documents/${id}/file?expires=1&signature=abcdefghijklmnopqrstuvwxyz`,
    expiresAt: '2025-01-05T11:00:00.000Z',
    ...overrides,
  };
}

export function residence(overrides: Partial<Residence> = {}): Residence {
  return {
    propertyId: '11111111-1111-4111-8111-111111111111',
    propertyName: 'Willow Creek Commons',
    propertyAddress: '1200 Willow Creek Drive, Austin, TX 78704',
    unitNumber: '14B',
    moveInDate: '2023-06-01',
    documents: [],
    ...overrides,
  };
}
