import type { InspectionUnit, Violation, ViolationRule, ViolationRuleList } from '@commonwise/contracts';

/** Records as the server sends them, for the violations feature's tests. */

export const propertyId = '11111111-1111-4111-8111-111111111111';
export const documentId = '22222222-2222-4222-8222-222222222222';

export const boatSuggestion: ViolationRule = {
  id: '33333333-3333-4333-8333-333333333333',
  propertyId,
  status: 'suggested',
  title: 'Boats and trailers',
  category: 'parking_vehicles',
  clause: {
    documentId,
    documentName: 'Willow Creek CC&Rs',
    sectionNumber: '4.5',
    sectionTitle: 'Vehicles and Parking',
    page: 3,
    excerpt:
      'No boat, trailer, camper or other recreational vehicle shall be parked or stored anywhere on the Property outside a garage.',
  },
  curable: true,
  healthSafety: false,
  defaultCureDays: null,
  fineScheduleCents: [],
  suggestedAt: '2026-11-20T10:00:00.000Z',
  confirmedAt: null,
  confirmedBy: null,
  openViolations: 0,
};

export const trashRule: ViolationRule = {
  ...boatSuggestion,
  id: '44444444-4444-4444-8444-444444444444',
  status: 'confirmed',
  title: 'Trash cans out of sight',
  category: 'trash',
  clause: {
    ...boatSuggestion.clause,
    sectionNumber: '4.6',
    sectionTitle: 'Trash Containers',
    excerpt:
      'Except on collection days, containers shall be stored inside the garage where they cannot be seen from a street.',
  },
  defaultCureDays: 3,
  fineScheduleCents: [2500, 5000],
  confirmedAt: '2026-11-20T11:00:00.000Z',
  confirmedBy: { id: 'maria', fullName: 'Maria Santos' },
  openViolations: 2,
};

export const ruleList = (rules: ViolationRule[], suggested = 1): ViolationRuleList => ({
  rules,
  suggested,
  total: rules.length,
  page: 1,
  limit: 25,
});

export const unit14B: InspectionUnit = {
  id: '55555555-5555-4555-8555-555555555555',
  label: '14B',
  building: '14',
  distanceMeters: 12,
  openViolations: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      ruleId: trashRule.id,
      ruleTitle: trashRule.title,
      observedAt: '2026-11-18T17:00:00.000Z',
      cureDueOn: '2026-11-21',
      cureReportedAt: null,
    },
  ],
  openArcRequests: [],
  openWorkOrders: 1,
};

export const inspectionId = '77777777-7777-4777-8777-777777777777';

export const openViolation: Violation = {
  id: '66666666-6666-4666-8666-666666666666',
  propertyId,
  propertyName: 'Willow Creek Commons',
  unit: { id: unit14B.id, label: '14B' },
  rule: { id: trashRule.id, title: trashRule.title, category: 'trash' },
  source: 'inspection',
  status: 'open',
  observedAt: '2026-11-18T17:00:00.000Z',
  cureDueOn: '2026-11-21',
  isOverdue: true,
  photoCount: 1,
  thumbnailUrl: '/api/attachments/p1/file?variant=thumbnail',
  closedAt: null,
  cureReportedAt: null,
  stage: 1,
  stageName: 'Courtesy notice',
  clause: trashRule.clause,
  curable: true,
  healthSafety: false,
  owners: [{ id: 'ryan', fullName: 'Ryan Chen' }],
  reporter: null,
  duplicateReason: null,
  events: [
    {
      id: '88888888-8888-4888-8888-888888888888',
      kind: 'observed',
      at: '2026-11-18T17:00:00.000Z',
      actor: { id: 'maria', fullName: 'Maria Santos' },
      note: 'Two gray carts at the curb on a Thursday',
      inspectionId,
      photos: [
        {
          id: '99999999-9999-4999-8999-999999999999',
          kind: 'image',
          fileName: 'IMG_1.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          width: 640,
          height: 480,
          url: '/api/attachments/p1/file',
          thumbnailUrl: '/api/attachments/p1/file?variant=thumbnail',
          linksExpireAt: '2026-11-18T18:00:00.000Z',
          uploadedBy: { id: 'maria', fullName: 'Maria Santos' },
          createdAt: '2026-11-18T17:00:00.000Z',
          takenAt: '2026-11-18T16:58:00.000Z',
          latitude: 37.7753,
          longitude: -122.42,
        },
      ],
    },
  ],
  can: { observe: true, close: true },
};
