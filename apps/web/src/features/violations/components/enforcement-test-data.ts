import {
  defaultEnforcementStages,
  type EnforcementPolicy,
  type EnforcementState,
  type ViolationHearing,
  type ViolationNotice,
} from '@commonwise/contracts';
import { jsonResponse } from '../../../test/render.tsx';
import { openViolation, propertyId } from './test-data.ts';

/** Enforcement records as the server sends them, for the violations feature's tests. */

export const law: EnforcementPolicy['law'] = [
  {
    label: 'Notice before a hearing',
    value: '15 days',
    statute: 'Tex. Prop. Code §209.007',
    note: null,
  },
  {
    label: 'Fine cap per violation',
    value: null,
    statute: null,
    note: 'Texas sets no cap: the governing documents may.',
  },
];

export const defaultPolicy: EnforcementPolicy = {
  propertyId,
  isSaved: false,
  stages: defaultEnforcementStages,
  templates: [],
  updatedAt: null,
  law,
};

export const savedPolicy: EnforcementPolicy = {
  ...defaultPolicy,
  isSaved: true,
  updatedAt: '2026-11-21T10:00:00.000Z',
  templates: [
    { key: 'violation-courtesy', title: 'Courtesy notice: {{unit.label}}', version: 1 },
    { key: 'violation-notice', title: 'Notice of violation: {{unit.label}}', version: 1 },
    { key: 'violation-hearing', title: 'Notice of hearing: {{unit.label}}', version: 1 },
    { key: 'violation-fine', title: 'Notice of fine: {{unit.label}}', version: 1 },
  ],
};

export const emptyEnforcement: EnforcementState = {
  notices: [],
  hearings: [],
  stages: defaultEnforcementStages,
  step: {
    nextStage: 1,
    nextStageName: 'Courtesy notice',
    nextStageKind: 'notice',
    availableOn: '2026-11-20',
    blockedBecause: null,
  },
};

export const courtesyNotice: ViolationNotice = {
  id: 'c0c0c0c0-c0c0-4c0c-8c0c-c0c0c0c0c0c0',
  stage: 1,
  stageName: 'Courtesy notice',
  stageKind: 'notice',
  approver: 'manager',
  letterId: 'd1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1',
  letterTitle: 'Courtesy notice: 14B',
  letterStatus: 'sent',
  cureDueOn: '2026-12-04',
  fineCents: null,
  deliveredOn: '2026-11-21',
  createdAt: '2026-11-20T10:00:00.000Z',
  pdfUrl: `/api/properties/${propertyId}/letters/d1d1d1d1-d1d1-4d1d-8d1d-d1d1d1d1d1d1/pdf`,
};

export const scheduledHearing: ViolationHearing = {
  id: 'e2e2e2e2-e2e2-4e2e-8e2e-e2e2e2e2e2e2',
  status: 'scheduled',
  committee: { id: 'f3f3f3f3-f3f3-4f3f-8f3f-f3f3f3f3f3f3', name: 'Fining Committee', kind: 'fining' },
  scheduledAt: '2026-12-15T00:00:00.000Z',
  place: 'Clubhouse',
  requestedByOwner: true,
  votes: [{ userId: 'ann', fullName: 'Ann Lee', vote: 'fine' }],
  voters: [
    { userId: 'ann', fullName: 'Ann Lee' },
    { userId: 'bob', fullName: 'Bob Stone' },
  ],
  outcome: null,
  decision: null,
  fineCents: null,
  healthSafetyFinding: null,
  decidedAt: null,
  decisionLetterLate: false,
  chargeId: null,
};

/** Answers a violation page's enforcement read with `state`, and everything else with `otherwise`. */
export function withEnforcement(
  otherwise: (url: string, init: RequestInit | undefined) => Response | Promise<Response>,
  state: EnforcementState = emptyEnforcement,
) {
  return (url: string, init: RequestInit | undefined) =>
    url === `/api/violations/${openViolation.id}/enforcement` && (init?.method ?? 'GET') === 'GET'
      ? jsonResponse(200, state)
      : otherwise(url, init);
}
