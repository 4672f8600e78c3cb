// Sample answers of the projects API for the web's tests (never imported by the app).
import {
  handoverItemKeys,
  handoverItemLabels,
  unitSalesEventsFrom,
  type Handover,
  type HandoverItem,
  type HandoverReport,
  type Milestone,
  type Project,
  type ProjectSummary,
  type ProjectUnit,
  type PropertyDocument,
  type UnitSalesStatus,
} from '@commonwise/contracts';

export const projectId = '11111111-1111-4111-8111-111111111111';
export const propertyId = '22222222-2222-4222-8222-222222222222';
export const otherProjectId = '33333333-3333-4333-8333-333333333333';
export const otherPropertyId = '44444444-4444-4444-8444-444444444444';
export const phaseOneId = '55555555-5555-4555-8555-555555555555';
export const phaseTwoId = '66666666-6666-4666-8666-666666666666';
export const reportId = '77777777-7777-4777-8777-777777777777';
export const documentId = '88888888-8888-4888-8888-888888888888';

const months = [
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
];

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    id: projectId,
    propertyId,
    name: 'Cedar Ridge',
    address: '100 Cedar Ridge Way, Austin, TX',
    propertyStatus: 'pending',
    jurisdiction: 'TX',
    timeZone: 'America/Chicago',
    today: '2026-11-20',
    phases: [
      {
        id: phaseOneId,
        name: 'Phase 1',
        ordinal: 1,
        completedOn: null,
        units: { planned: 2, under_construction: 3, available: 2, under_contract: 1, closed: 4 },
      },
      {
        id: phaseTwoId,
        name: 'Phase 2',
        ordinal: 2,
        completedOn: null,
        units: { planned: 8, under_construction: 0, available: 0, under_contract: 0, closed: 0 },
      },
    ],
    totalUnits: 20,
    closedUnits: 4,
    conveyedBp: 2000,
    closingsByMonth: months.map((month, index) => ({
      month,
      count: index >= 6 ? [1, 0, 2, 0, 1, 0][index - 6]! : 0,
    })),
    handoverThresholdBp: 7500,
    handoverThresholdClause:
      'Declaration, Article 12.3: Class B membership ends when 75% of the lots are conveyed.',
    handoverThresholdDocument: { id: documentId, name: 'Declaration of Covenants' },
    projection: {
      thresholdUnits: 15,
      remainingUnits: 11,
      isReached: false,
      pacePerMonth: 0.6666666666666666,
      monthsToThreshold: 17,
    },
    statutoryThreshold: {
      jurisdiction: 'TX',
      jurisdictionLabel: 'Texas',
      known: false,
      text: null,
      statute: null,
      sourceUrl: null,
      note: 'Our reviewed sources for Texas state no statutory turnover threshold: the governing documents decide.',
    },
    team: [
      {
        id: 'user-developer',
        fullName: 'Pat Developer',
        email: 'developer@commonwise.test',
        role: 'developer',
      },
      { id: 'user-manager', fullName: 'Maria Santos', email: 'maria@commonwise.test', role: 'manager' },
    ],
    handedOverOn: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const summaryOf = (project: Project): ProjectSummary => ({
  id: project.id,
  propertyId: project.propertyId,
  name: project.name,
  address: project.address,
  propertyStatus: project.propertyStatus,
  totalUnits: project.totalUnits,
  closedUnits: project.closedUnits,
  conveyedBp: project.conveyedBp,
  handoverThresholdBp: project.handoverThresholdBp,
  handedOverOn: project.handedOverOn,
});

let unitSeed = 0;
export function makeUnit(
  label: string,
  salesStatus: UnitSalesStatus,
  overrides: Partial<ProjectUnit> = {},
): ProjectUnit {
  unitSeed += 1;
  const hasSale = salesStatus === 'under_contract' || salesStatus === 'closed';
  return {
    unitId: `99999999-9999-4999-8999-${String(unitSeed).padStart(12, '0')}`,
    label,
    phaseId: phaseOneId,
    phaseName: 'Phase 1',
    salesStatus,
    events: unitSalesEventsFrom(salesStatus),
    sale: hasSale
      ? {
          id: `aaaaaaaa-aaaa-4aaa-8aaa-${String(unitSeed).padStart(12, '0')}`,
          buyerName: 'Jordan Buyer',
          buyerEmail: 'jordan@example.com',
          contractOn: '2026-10-01',
          closingOn: salesStatus === 'closed' ? '2026-10-30' : null,
          priceCents: 41_200_000,
        }
      : null,
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMilestone(overrides: Partial<Milestone> = {}): Milestone {
  return {
    id: 'bbbbbbbb-bbbb-4bbb-8bbb-000000000001',
    kind: 'permits',
    title: 'Building permits',
    phaseId: null,
    phaseName: null,
    plannedOn: '2026-03-01',
    actualOn: '2026-03-10',
    owner: { id: 'user-developer', fullName: 'Pat Developer' },
    documents: [],
    isOverdue: false,
    ...overrides,
  };
}

export function makeItem(
  key: (typeof handoverItemKeys)[number],
  overrides: Partial<HandoverItem> = {},
): HandoverItem {
  return {
    key,
    label: handoverItemLabels[key],
    isComplete: false,
    summary: `Nothing on file for ${handoverItemLabels[key].toLowerCase()} yet.`,
    evidence: [],
    attachedDocumentIds: [],
    ...overrides,
  };
}

export function makeHandover(overrides: Partial<Handover> = {}): Handover {
  const items = handoverItemKeys.map((key) =>
    key === 'governing_documents'
      ? makeItem(key, {
          isComplete: true,
          summary: 'CC&Rs, bylaws, articles and rules are on file.',
          evidence: [{ kind: 'document', id: documentId, label: 'Declaration of Covenants', href: null }],
        })
      : makeItem(key),
  );
  return {
    items,
    completeCount: items.filter((item) => item.isComplete).length,
    latestReport: null,
    ...overrides,
  };
}

export function makeReport(overrides: Partial<HandoverReport> = {}): HandoverReport {
  return {
    id: reportId,
    projectId,
    propertyId,
    communityName: 'Cedar Ridge',
    generatedAt: '2026-11-18T15:00:00.000Z',
    generatedBy: 'Pat Developer',
    sha256: 'f'.repeat(64),
    items: makeHandover().items,
    acknowledgements: [],
    isFullyAcknowledged: false,
    ...overrides,
  };
}

export function makeDocument(overrides: Partial<PropertyDocument> = {}): PropertyDocument {
  return {
    id: documentId,
    propertyId,
    name: 'Declaration of Covenants',
    description: null,
    category: 'ccr',
    fileName: 'declaration.pdf',
    mimeType: 'application/pdf',
    sizeBytes: 120_000,
    status: 'completed',
    statusReason: null,
    pageCount: 12,
    isRequired: true,
    uploadedBy: null,
    uploadedAt: '2026-03-01T10:00:00.000Z',
    processedAt: '2026-03-01T10:01:00.000Z',
    ...overrides,
  };
}

/** The property's documents, as the documents API lists them. */
export const documentsAnswer = (documents: PropertyDocument[]) => ({
  documents,
  total: documents.length,
  page: 1,
  limit: 50,
});
