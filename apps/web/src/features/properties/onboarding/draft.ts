import {
  documentCategories,
  isIanaTimeZone,
  jurisdictionIds,
  findOnboardingProblems,
  onboardingSteps,
  type DocumentCategory,
  type OnboardingProblems,
  type OnboardingStep,
  type OnboardingSubmission,
  type chosenOccupantKinds,
} from '@commonwise/contracts';
import {
  emptyPropertyFormValues,
  propertyStatusOptions,
  propertyTypeOptions,
  normalizeUnits,
  toPropertyInput,
  validatePropertyForm,
  type PropertyFormValues,
} from '../property-form.ts';
import { checklistTicks, type ChecklistId } from './documents.ts';

export const onboardingBasePath = '/admin-portal/property-onboarding';
export const stepPath = (step: OnboardingStep) => `${onboardingBasePath}/${step}`;

export const stepTitles: Record<OnboardingStep, string> = {
  start: 'Welcome',
  'basic-info': 'Basic Info',
  documents: 'Documents',
  managers: 'Managers',
  residents: 'Residents',
  review: 'Review & Confirm',
  complete: 'Complete',
};

/** A file the admin chose; the File itself is kept apart (IndexedDB), this is what sessionStorage holds. */
export type DraftFile = {
  id: string;
  name: string;
  size: number;
  type: string;
  lastModified: number;
  /** The category it will be uploaded with: guessed from the name, confirmed on the Review step. */
  category: DocumentCategory | null;
};

export type ResidentKind = (typeof chosenOccupantKinds)[number];
/** A resident and the unit they live in (its label), and how (issue 17). */
export type DraftResident = { userId: string; unitNumber: string; kind: ResidentKind };
export const residentKinds: readonly ResidentKind[] = ['tenant', 'owner_occupant', 'family_member'];

/**
 * Where the new property's units come from: labelled 1…N from Basic Info's unit count, or a CSV file
 * in the units import's format, previewed (its unit labels kept for the residents' unit choice).
 */
export type DraftUnits = {
  source: 'count' | 'csv';
  csv: string | null;
  fileName: string | null;
  /** The file's unit labels, in file order, once its preview had no errors. */
  labels: string[];
};
export const emptyDraftUnits: DraftUnits = { source: 'count', csv: null, fileName: null, labels: [] };

/** SPEC §3 Onboarding draft, plus what makes one submission safe to retry. */
export type OnboardingDraft = {
  /** Made once per draft: the server creates one property per key however often it is sent. */
  idempotencyKey: string;
  hasStarted: boolean;
  basicInfo: PropertyFormValues;
  documents: { uploadedFiles: DraftFile[]; requiredDocs: Record<ChecklistId, boolean> };
  managers: { selectedManagers: string[]; primaryManager: string | null };
  /** Rows as typed; only rows with both a resident and a unit number are sent (SPEC §5). */
  residents: { initialResidents: DraftResident[] };
  units: DraftUnits;
  /** Steps left with Next or Skip for Now. */
  completedSteps: OnboardingStep[];
  /** Set once the server has created the property: from then on only uploads remain. */
  created: { propertyId: string; propertyName: string } | null;
  /** Files already uploaded to the created property: file id → document id. */
  uploaded: Record<string, string>;
};

/** What step 7 shows; kept apart from the draft, which is reset when the property is created. */
export type OnboardingCompletion = {
  /** The draft it completed: step 7 replaces that draft with a fresh one once it shows. */
  draftKey: string;
  propertyId: string;
  propertyName: string;
  status: PropertyFormValues['status'];
  managerCount: number;
  residentCount: number;
  uploadedCount: number;
  /** Files the admin chose to leave out after their upload failed. */
  skippedFiles: string[];
};

export function createDraft(): OnboardingDraft {
  return {
    idempotencyKey: crypto.randomUUID(),
    hasStarted: false,
    basicInfo: { ...emptyPropertyFormValues },
    documents: { uploadedFiles: [], requiredDocs: checklistTicks([]) },
    managers: { selectedManagers: [], primaryManager: null },
    residents: { initialResidents: [] },
    units: { ...emptyDraftUnits },
    completedSteps: [],
    created: null,
    uploaded: {},
  };
}

const isBasicInfoValid = (draft: OnboardingDraft) =>
  Object.keys(validatePropertyForm(draft.basicInfo)).length === 0;

/** Where a visit to the wizard belongs: the first step whose data is not there yet. */
export function firstIncompleteStep(draft: OnboardingDraft): OnboardingStep {
  if (draft.created) return 'review';
  if (!draft.hasStarted) return 'start';
  if (!draft.completedSteps.includes('basic-info') || !isBasicInfoValid(draft)) return 'basic-info';
  for (const step of ['documents', 'managers', 'residents'] as const) {
    if (!draft.completedSteps.includes(step)) return step;
  }
  return 'review';
}

/**
 * Whether `step` may be shown now; otherwise the wizard goes to `firstIncompleteStep`. Step 7 needs
 * a completed onboarding; once the property exists only the Review step (its uploads) is open.
 */
export function canVisitStep(
  step: OnboardingStep,
  draft: OnboardingDraft,
  completion: OnboardingCompletion | null,
): boolean {
  if (step === 'complete') return completion !== null;
  if (draft.created) return step === 'review';
  return onboardingSteps.indexOf(step) <= onboardingSteps.indexOf(firstIncompleteStep(draft));
}

export const isCompleteResident = (row: DraftResident) =>
  row.userId.trim() !== '' && row.unitNumber.trim() !== '';

const usesCsv = (draft: OnboardingDraft) => draft.units.source === 'csv' && draft.units.csv !== null;

/** How many units the property will have: the file's, or Basic Info's count. */
export function totalUnitsOf(draft: OnboardingDraft): number {
  return usesCsv(draft) ? draft.units.labels.length : normalizeUnits(draft.basicInfo.units);
}

/** The labels a resident can be placed in (at most `limit`): the file's, or 1…N. */
export function unitLabelsOf(draft: OnboardingDraft, limit = 5000): string[] {
  if (usesCsv(draft)) return draft.units.labels.slice(0, limit);
  const count = Math.min(normalizeUnits(draft.basicInfo.units), limit);
  return Array.from({ length: count }, (_value, index) => String(index + 1));
}

/** The one request that creates property, units, managers and residents. */
export function toSubmission(draft: OnboardingDraft): OnboardingSubmission {
  const property = toPropertyInput(draft.basicInfo);
  return {
    idempotencyKey: draft.idempotencyKey,
    property: usesCsv(draft) ? { ...property, units: Math.max(1, draft.units.labels.length) } : property,
    unitsCsv: usesCsv(draft) ? draft.units.csv : null,
    managers: {
      userIds: draft.managers.selectedManagers,
      primaryUserId: draft.managers.primaryManager,
    },
    residents: draft.residents.initialResidents
      .filter(isCompleteResident)
      .map((row) => ({ userId: row.userId, unitNumber: row.unitNumber.trim(), kind: row.kind })),
  };
}

/** The contract's rules on the draft as it is now (units may have changed since residents were chosen). */
export function findDraftProblems(
  draft: OnboardingDraft,
  describe: (userId: string) => string,
): OnboardingProblems {
  const submission = toSubmission(draft);
  return findOnboardingProblems(
    {
      property: { units: submission.property.units ?? 1 },
      managers: {
        userIds: submission.managers?.userIds ?? [],
        primaryUserId: submission.managers?.primaryUserId,
      },
      residents: submission.residents ?? [],
    },
    describe,
  );
}

const storageKey = 'commonwise.onboarding.draft';
const completionKey = 'commonwise.onboarding.completion';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The draft saved in this tab (sessionStorage: it survives a reload, not a new tab), read
 * defensively: anything unreadable falls back to the defaults instead of breaking the wizard.
 */
export function loadDraft(storage: Storage | undefined = safeSessionStorage()): OnboardingDraft {
  const fresh = createDraft();
  const saved = readJson(storage, storageKey);
  if (!isObject(saved) || !isString(saved.idempotencyKey)) return fresh;
  const basicInfo = isObject(saved.basicInfo) ? saved.basicInfo : {};
  const documents = isObject(saved.documents) ? saved.documents : {};
  const managers = isObject(saved.managers) ? saved.managers : {};
  const residents = isObject(saved.residents) ? saved.residents : {};
  const units = isObject(saved.units) ? saved.units : {};
  const uploadedFiles = (Array.isArray(documents.uploadedFiles) ? documents.uploadedFiles : [])
    .filter(isObject)
    .filter((file) => isString(file.id) && isString(file.name))
    .map((file): DraftFile => ({
      id: file.id as string,
      name: file.name as string,
      size: typeof file.size === 'number' ? file.size : 0,
      type: isString(file.type) ? file.type : '',
      lastModified: typeof file.lastModified === 'number' ? file.lastModified : 0,
      category: documentCategories.includes(file.category as DocumentCategory)
        ? (file.category as DocumentCategory)
        : null,
    }));
  const created = isObject(saved.created) && isString(saved.created.propertyId) ? saved.created : null;
  return {
    idempotencyKey: saved.idempotencyKey,
    hasStarted: saved.hasStarted === true,
    basicInfo: {
      name: isString(basicInfo.name) ? basicInfo.name : fresh.basicInfo.name,
      address: isString(basicInfo.address) ? basicInfo.address : fresh.basicInfo.address,
      type: oneOf(
        propertyTypeOptions.map((option) => option.value),
        basicInfo.type,
        fresh.basicInfo.type,
      ),
      description: isString(basicInfo.description) ? basicInfo.description : '',
      units:
        typeof basicInfo.units === 'number' || isString(basicInfo.units)
          ? basicInfo.units
          : fresh.basicInfo.units,
      status: oneOf(
        propertyStatusOptions.map((option) => option.value),
        basicInfo.status,
        fresh.basicInfo.status,
      ),
      jurisdiction: oneOf(jurisdictionIds, basicInfo.jurisdiction, fresh.basicInfo.jurisdiction),
      timeZone:
        isString(basicInfo.timeZone) && isIanaTimeZone(basicInfo.timeZone)
          ? basicInfo.timeZone
          : fresh.basicInfo.timeZone,
    },
    documents: {
      uploadedFiles,
      requiredDocs: checklistTicks(uploadedFiles.map((file) => file.name)),
    },
    managers: {
      selectedManagers: (Array.isArray(managers.selectedManagers) ? managers.selectedManagers : []).filter(
        isString,
      ),
      primaryManager: isString(managers.primaryManager) ? managers.primaryManager : null,
    },
    residents: {
      initialResidents: (Array.isArray(residents.initialResidents) ? residents.initialResidents : [])
        .filter(isObject)
        .map((row) => ({
          userId: isString(row.userId) ? row.userId : '',
          unitNumber: isString(row.unitNumber) ? row.unitNumber : '',
          kind: oneOf(residentKinds, row.kind, 'tenant'),
        })),
    },
    units:
      units.source === 'csv' && isString(units.csv)
        ? {
            source: 'csv',
            csv: units.csv,
            fileName: isString(units.fileName) ? units.fileName : null,
            labels: (Array.isArray(units.labels) ? units.labels : []).filter(isString),
          }
        : { ...emptyDraftUnits },
    completedSteps: (Array.isArray(saved.completedSteps) ? saved.completedSteps : []).filter(
      (step): step is OnboardingStep => onboardingSteps.includes(step as OnboardingStep),
    ),
    created: created
      ? {
          propertyId: created.propertyId as string,
          propertyName: isString(created.propertyName) ? created.propertyName : '',
        }
      : null,
    uploaded: isObject(saved.uploaded)
      ? Object.fromEntries(
          Object.entries(saved.uploaded).filter((entry): entry is [string, string] => isString(entry[1])),
        )
      : {},
  };
}

export function saveDraft(draft: OnboardingDraft, storage: Storage | undefined = safeSessionStorage()) {
  writeJson(storage, storageKey, draft);
}

export function loadCompletion(
  storage: Storage | undefined = safeSessionStorage(),
): OnboardingCompletion | null {
  const saved = readJson(storage, completionKey);
  return isObject(saved) && isString(saved.propertyId) ? (saved as OnboardingCompletion) : null;
}

export function saveCompletion(
  completion: OnboardingCompletion | null,
  storage: Storage | undefined = safeSessionStorage(),
) {
  if (completion) writeJson(storage, completionKey, completion);
  else {
    try {
      storage?.removeItem(completionKey);
    } catch {
      // Storage may be unavailable (private mode, quota): the wizard still works without it.
    }
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage | undefined, key: string, value: unknown) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage loses the draft on reload only; the wizard keeps working.
  }
}
