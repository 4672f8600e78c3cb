import type {
  Attachment,
  VendorCompany,
  VendorDocument,
  VendorOwnCompany,
  VendorPerformance,
} from '@commonwise/contracts';

export const willowId = '55555555-5555-4555-8555-555555555555';
export const harborId = '66666666-6666-4666-8666-666666666666';
export const loneStarId = '22222222-2222-4222-8222-222222222222';
export const expiredCertificateId = '77777777-7777-4777-8777-777777777777';
export const newCertificateId = '88888888-8888-4888-8888-888888888888';

const maria = { id: 'user-maria', fullName: 'Maria Santos' };

export function document(overrides: Partial<VendorDocument>): VendorDocument {
  return {
    id: expiredCertificateId,
    kind: 'insurance',
    status: 'verified',
    withdrawnReason: null,
    withdrawnBy: null,
    withdrawnAt: null,
    insurer: 'Hill Country Casualty',
    policyNumber: 'HCC-2291',
    generalLiabilityCents: 50_000_000,
    aggregateCents: 100_000_000,
    autoLiabilityCents: null,
    umbrellaCents: null,
    workersComp: true,
    licenceNumber: null,
    issuedBy: null,
    effectiveOn: '2025-11-24',
    expiresOn: '2026-11-24',
    receivedOn: '2025-11-26',
    rejectionReason: null,
    submittedBy: maria,
    verifiedBy: maria,
    verifiedAt: '2025-11-26T10:00:00.000Z',
    isCurrent: true,
    canRemoveFiles: true,
    canAddFiles: true,
    files: [],
    createdAt: '2025-11-26T10:00:00.000Z',
    ...overrides,
  };
}

/** Lone Star Electric as its keeper (Willow Creek's manager) reads it: its certificate expired. */
export function loneStar(overrides: Partial<VendorCompany> = {}): VendorCompany {
  return {
    id: loneStarId,
    name: 'Lone Star Electric',
    trades: ['electrical'],
    phone: '(512) 555-0175',
    email: 'dispatch@lonestarelectric.example',
    website: null,
    address: '901 W Ben White Blvd, Austin, TX 78704',
    compliance: {
      insurance: { status: 'expired', expiresOn: '2026-11-24' },
      licence: { status: 'missing', expiresOn: null },
      w9: { status: 'missing' },
    },
    serviceAreas: [
      { propertyId: willowId, propertyName: 'Willow Creek Commons', timeZone: 'America/Chicago' },
    ],
    people: [
      {
        userId: 'user-dana',
        fullName: 'Dana Whitfield',
        email: 'dana@lonestarelectric.example',
        title: 'Office manager',
        phone: null,
        isPrimary: true,
        invitationPending: true,
        isActive: true,
        addedAt: '2025-11-26T10:00:00.000Z',
      },
    ],
    documents: [document({})],
    contacts: [],
    notes: null,
    isActive: true,
    overrides: [],
    homeProperty: { propertyId: willowId, propertyName: 'Willow Creek Commons', timeZone: 'America/Chicago' },
    canManage: true,
    canServe: [],
    createdAt: '2025-11-26T10:00:00.000Z',
    updatedAt: '2025-11-26T10:00:00.000Z',
    ...overrides,
  };
}

type OwnCompany = NonNullable<VendorOwnCompany['company']>;

/** Ortiz Plumbing & Repair as Victor Ortiz sees it in the vendor portal: its certificate expires soon. */
export function ortizOwn(overrides: Partial<OwnCompany> = {}): OwnCompany {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Ortiz Plumbing & Repair',
    trades: ['plumbing', 'appliances'],
    phone: null,
    email: null,
    website: null,
    address: null,
    compliance: {
      insurance: { status: 'expiring', expiresOn: '2026-12-21' },
      licence: { status: 'current', expiresOn: '2028-01-05' },
      w9: { status: 'received' },
    },
    serviceAreas: [
      { propertyId: harborId, propertyName: 'Harbor View Condominiums', timeZone: 'America/Los_Angeles' },
      { propertyId: willowId, propertyName: 'Willow Creek Commons', timeZone: 'America/Chicago' },
    ],
    people: [],
    documents: [
      document({
        id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        insurer: 'Lone Oak Mutual Insurance',
        policyNumber: 'GL-44821',
        generalLiabilityCents: 100_000_000,
        aggregateCents: 200_000_000,
        expiresOn: '2026-12-21',
        canRemoveFiles: false,
        canAddFiles: false,
      }),
    ],
    warning:
      'Your certificate of insurance expires on December 21, 2026. Upload the renewed certificate before then to keep getting new work.',
    ...overrides,
  };
}

/** A company's performance with nothing measured yet (a new company). */
export const unmeasuredPerformance: VendorPerformance = {
  workOrders: { assigned: 0, open: 0, completed: 0 },
  firstReplyHours: { median: null, measured: 0 },
  completionDays: { median: null, measured: 0 },
  ratings: { average: null, count: 0, recent: [] },
  bids: { invited: 0, submitted: 0, won: 0 },
  contracts: { count: 0, awardedCents: 0, invoicedCents: 0 },
  invoices: { count: 0, totalCents: 0, paidCents: 0 },
};

/** A certificate's PDF as a document lists it. */
export function certificateFile(overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: '99999999-aaaa-4aaa-8aaa-999999999999',
    kind: 'file',
    fileName: 'certificate-of-insurance.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 48_000,
    width: null,
    height: null,
    url: '/files/certificate-of-insurance.pdf',
    thumbnailUrl: null,
    linksExpireAt: '2026-11-26T11:00:00.000Z',
    uploadedBy: maria,
    createdAt: '2025-11-26T10:00:00.000Z',
    ...overrides,
  };
}
