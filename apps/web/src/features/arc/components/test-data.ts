import type {
  ArcCheckOutcome,
  ArcProjectType,
  ArcRequest,
  ArcRequestList,
  ArcRequestSummary,
  OwnerAccount,
  ViolationRule,
  ViolationRuleList,
} from '@commonwise/contracts';

export const propertyId = '11111111-1111-4111-8111-111111111111';
export const unitId = '22222222-2222-4222-8222-222222222222';
export const otherUnitId = '22222222-2222-4222-8222-333333333333';
export const fenceTypeId = '33333333-3333-4333-8333-333333333333';
export const paintTypeId = '33333333-3333-4333-8333-444444444444';
export const requestId = '44444444-4444-4444-8444-444444444444';
export const firstRequestId = '44444444-4444-4444-8444-555555555555';
export const ruleId = '55555555-5555-4555-8555-555555555555';
export const decisionItemId = '66666666-6666-4666-8666-666666666666';

export const fenceType: ArcProjectType = {
  id: fenceTypeId,
  propertyId,
  kind: 'fence',
  name: 'Fence',
  description: 'A new fence or a change to one.',
  fields: [
    { key: 'height', label: 'Height', kind: 'number', unit: 'in', options: [], required: true, help: null },
    {
      key: 'material',
      label: 'Material',
      kind: 'choice',
      unit: null,
      options: ['Wood', 'Vinyl', 'Wrought iron'],
      required: true,
      help: null,
    },
    {
      key: 'colour',
      label: 'Colour',
      kind: 'text',
      unit: null,
      options: [],
      required: false,
      help: 'As named by the maker',
    },
  ],
  files: [
    { key: 'drawing', label: 'Site drawing', help: 'Where the fence goes, with distances to the lot lines' },
    { key: 'quote', label: 'Contractor quote', help: null },
  ],
  checks: [
    {
      key: 'height',
      label: 'Fence height',
      ruleId,
      op: 'at_most',
      field: 'height',
      limit: 60,
      unit: 'in',
      values: [],
    },
  ],
  feeCents: 2500,
  reviewDays: 45,
  reviewDaysSource: 'CC&Rs §7.3',
  active: true,
};

export const paintType: ArcProjectType = {
  ...fenceType,
  id: paintTypeId,
  kind: 'paint',
  name: 'Paint colour',
  description: 'Repainting the outside in a new colour.',
  fields: [],
  files: [{ key: 'sample', label: 'Colour sample', help: null }],
  checks: [],
  feeCents: 0,
  reviewDays: null,
  reviewDaysSource: null,
};

export function ownerAccount(id: string, label: string): OwnerAccount {
  return {
    propertyId,
    propertyName: 'Willow Creek',
    today: '2026-11-30',
    unit: { id, label },
    balanceCents: 0,
    pastDueCents: 0,
    creditCents: 0,
    nextCharges: [],
    payments: { provider: null, methods: [], notice: null, maxPaymentCents: 0 },
  };
}

const summary: ArcRequestSummary = {
  id: requestId,
  propertyId,
  propertyName: 'Willow Creek',
  unit: { id: unitId, label: '14B' },
  applicant: { id: 'ryan', fullName: 'Ryan Chen' },
  projectType: { id: fenceTypeId, kind: 'fence', name: 'Fence' },
  title: 'Back yard cedar fence',
  status: 'incomplete',
  revision: 1,
  submittedAt: '2026-11-20T15:00:00.000Z',
  completeAt: null,
  decisionDueOn: null,
  dueSource: null,
  deadlinePassed: false,
  decision: null,
  decidedAt: null,
  missing: [
    { kind: 'file', key: 'drawing', label: 'Site drawing' },
    { kind: 'file', key: 'quote', label: 'Contractor quote' },
  ],
};

/** Sent with its answers, both files still missing. */
export const incompleteRequest: ArcRequest = {
  ...summary,
  description: 'Six-foot cedar fence along the back lot line.',
  answers: { height: 66, material: 'Wood', colour: 'Natural cedar' },
  files: [],
  fields: fenceType.fields,
  fileRequirements: fenceType.files,
  feeCents: 2500,
  feeChargeId: null,
  conditions: null,
  reasons: null,
  rulesCited: null,
  changesNeeded: null,
  appeal: null,
  moreInformationNote: null,
  precedents: null,
  completionNote: null,
  inspectionNote: null,
  decisionLetter: null,
  completionReportedAt: null,
  inspectionDueOn: null,
  inspectionResult: null,
  inspectedAt: null,
  violationId: null,
  denialRequirements: null,
  reconsideration: null,
  duplicateOf: null,
  revisions: [],
  checks: null,
  decisionItemId: null,
  actions: ['revise', 'withdraw'],
};

export const drawingFile = {
  id: '77777777-7777-4777-8777-777777777777',
  requirement: 'drawing',
  fileName: 'site-drawing.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 250_000,
  revision: 1,
  uploadedAt: '2026-11-21T10:00:00.000Z',
};
export const quoteFile = {
  ...drawingFile,
  id: '77777777-7777-4777-8777-888888888888',
  requirement: 'quote',
  fileName: 'quote.pdf',
};

/** Every file in: under review, its decision due 45 days after. */
export const completeRequest: ArcRequest = {
  ...incompleteRequest,
  status: 'under_review',
  missing: [],
  files: [drawingFile, quoteFile],
  completeAt: '2026-11-21T10:05:00.000Z',
  decisionDueOn: '2027-01-05',
  dueSource: '45 days — CC&Rs §7.3',
};

export const checks: ArcCheckOutcome[] = [
  {
    key: 'height',
    label: 'Fence height',
    result: 'fails',
    expected: 'at most 60 in',
    explanation: 'The quote (page 1) says 66 in.',
    evidence: [
      {
        value: '66 in',
        source: 'file',
        fileName: 'quote.pdf',
        page: 1,
        excerpt: 'Install 6 ft (66 in) cedar privacy fence',
      },
      { value: '66 in', source: 'form', fileName: null, page: null, excerpt: null },
    ],
    rule: {
      id: ruleId,
      title: 'Fence height',
      sectionNumber: '7.3(b)',
      page: 12,
      documentTitle: 'Willow Creek CC&Rs',
      excerpt: 'No fence shall exceed sixty (60) inches in height.',
    },
  },
  {
    key: 'material',
    label: 'Fence material',
    result: 'meets',
    expected: 'one of: Wood, Vinyl',
    explanation: 'The form says Wood.',
    evidence: [{ value: 'Wood', source: 'form', fileName: null, page: null, excerpt: null }],
    rule: {
      id: ruleId,
      title: 'Fence materials',
      sectionNumber: '7.3(c)',
      page: 12,
      documentTitle: 'Willow Creek CC&Rs',
      excerpt: 'Fences shall be of wood or vinyl.',
    },
  },
  {
    key: 'look',
    label: 'Harmony with the street',
    result: 'needs_judgment',
    expected: 'in harmony with the neighbourhood',
    explanation: 'An aesthetic question: the committee decides.',
    evidence: [],
    rule: {
      id: ruleId,
      title: 'Architectural harmony',
      sectionNumber: '7.1',
      page: 11,
      documentTitle: 'Willow Creek CC&Rs',
      excerpt: 'All improvements shall be in harmony with the surrounding structures.',
    },
  },
];

/** As the committee reads it: with its checks and its vote. */
export const reviewedRequest: ArcRequest = {
  ...completeRequest,
  checks,
  decisionItemId,
  actions: [],
  revisions: [{ revision: 2, at: '2026-11-25T09:00:00.000Z', note: 'Added the gate to the drawing' }],
  revision: 2,
};

export function requestList(requests: ArcRequestSummary[], total = requests.length): ArcRequestList {
  return { requests, total, page: 1, limit: 25 };
}

export const fenceRule: ViolationRule = {
  id: ruleId,
  propertyId,
  status: 'confirmed',
  title: 'Fence height',
  category: 'architectural',
  clause: {
    documentId: null,
    documentName: 'Willow Creek CC&Rs',
    sectionNumber: '7.3(b)',
    sectionTitle: 'Fences',
    page: 12,
    excerpt: 'No fence shall exceed sixty (60) inches in height.',
  },
  curable: true,
  healthSafety: false,
  defaultCureDays: 30,
  fineScheduleCents: [],
  suggestedAt: null,
  confirmedAt: '2026-11-01T10:00:00.000Z',
  confirmedBy: null,
  openViolations: 0,
};

export const ruleList = (rules: ViolationRule[]): ViolationRuleList => ({
  rules,
  suggested: 0,
  total: rules.length,
  page: 1,
  limit: 100,
});

export const letterId = '88888888-8888-4888-8888-888888888888';
export const violationId = '99999999-9999-4999-8999-999999999999';

/** What a denial must say in Texas (as the server's arcDenialRequirements('TX') words it). */
export const texasDenial: NonNullable<ArcRequest['denialRequirements']> = {
  changesNeeded: true,
  appealSuggestion:
    'You may request a hearing before the board within 30 days of this letter (Tex. Prop. Code § 209.00505). Write to the association to ask for it.',
  statute: 'Tex. Prop. Code § 209.00505',
  rules: ['A denial states its basis and the changes that would make the project approvable.'],
};
export const elsewhereDenial: NonNullable<ArcRequest['denialRequirements']> = {
  changesNeeded: false,
  appealSuggestion:
    'You may ask the board to reconsider this decision. Write to the association to ask for it, saying what you would like it to look at again.',
  statute: null,
  rules: [],
};

/** Under review, with its checks, for a committee member who may decide. */
export const decidableRequest: ArcRequest = {
  ...reviewedRequest,
  actions: ['decide', 'ask_more_information'],
  denialRequirements: texasDenial,
};

/** Approved with conditions; the owner may report the work finished. */
export const approvedRequest: ArcRequest = {
  ...completeRequest,
  status: 'decided',
  decision: 'approve_with_conditions',
  decidedAt: '2026-12-01T15:00:00.000Z',
  conditions: '- Stain to match the house trim\n- Keep the fence 2 ft inside the lot line',
  decisionLetter: { id: letterId, status: 'sent' },
  actions: ['report_completion'],
};

export const completionPhoto = {
  ...drawingFile,
  id: '77777777-7777-4777-8777-999999999999',
  requirement: 'completion_photos',
  fileName: 'finished-fence.jpg',
  mimeType: 'image/jpeg',
};

/** Reported finished, waiting for the inspection. */
export const pendingInspectionRequest: ArcRequest = {
  ...approvedRequest,
  status: 'pending_inspection',
  files: [drawingFile, quoteFile, completionPhoto],
  completionReportedAt: '2027-01-10T15:00:00.000Z',
  inspectionDueOn: '2027-01-24',
  actions: [],
};
