import { describe, expect, it } from 'vitest';
import {
  checklistTicks,
  formatMegabytes,
  guessDocumentCategory,
  isAcceptedFileName,
  missingCategoryReason,
} from './documents.ts';
import {
  canVisitStep,
  createDraft,
  findDraftProblems,
  firstIncompleteStep,
  loadDraft,
  saveDraft,
  toSubmission,
  totalUnitsOf,
  unitLabelsOf,
  type OnboardingDraft,
} from './draft.ts';

const filledBasics = { name: 'Oak Court', address: '1 Oak Court, Madison', units: 4 };

function draftThrough(steps: OnboardingDraft['completedSteps'], overrides: Partial<OnboardingDraft> = {}) {
  const draft = createDraft();
  return {
    ...draft,
    hasStarted: true,
    basicInfo: { ...draft.basicInfo, ...filledBasics },
    completedSteps: steps,
    ...overrides,
  };
}

describe('the onboarding draft', () => {
  it('starts with the defaults: residential, 1 unit, pending, nothing chosen, a fresh key', () => {
    const draft = createDraft();
    expect(draft.basicInfo).toEqual({
      name: '',
      address: '',
      type: 'residential',
      description: '',
      units: 1,
      status: 'pending',
      jurisdiction: 'none',
      timeZone: 'America/Los_Angeles',
    });
    expect(draft.documents.uploadedFiles).toEqual([]);
    expect(draft.managers).toEqual({ selectedManagers: [], primaryManager: null });
    expect(draft.residents.initialResidents).toEqual([]);
    expect(draft.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(createDraft().idempotencyKey).not.toBe(draft.idempotencyKey);
  });

  it('finds the first step that still needs something', () => {
    expect(firstIncompleteStep(createDraft())).toBe('start');
    expect(firstIncompleteStep({ ...createDraft(), hasStarted: true })).toBe('basic-info');
    // Left with Next once, then emptied again: back to Basic Info.
    const emptied = draftThrough(['basic-info']);
    expect(firstIncompleteStep({ ...emptied, basicInfo: { ...emptied.basicInfo, name: ' ' } })).toBe(
      'basic-info',
    );
    expect(firstIncompleteStep(draftThrough(['basic-info']))).toBe('documents');
    expect(firstIncompleteStep(draftThrough(['basic-info', 'documents']))).toBe('managers');
    expect(firstIncompleteStep(draftThrough(['basic-info', 'documents', 'managers']))).toBe('residents');
    expect(firstIncompleteStep(draftThrough(['basic-info', 'documents', 'managers', 'residents']))).toBe(
      'review',
    );
  });

  it('lets a step be visited only when the steps before it are done', () => {
    const draft = draftThrough(['basic-info', 'documents']);
    expect(canVisitStep('start', draft, null)).toBe(true);
    expect(canVisitStep('documents', draft, null)).toBe(true);
    expect(canVisitStep('managers', draft, null)).toBe(true);
    expect(canVisitStep('residents', draft, null)).toBe(false);
    expect(canVisitStep('review', draft, null)).toBe(false);
    expect(canVisitStep('complete', draft, null)).toBe(false);
  });

  it('keeps only the Review step open once the property exists, and step 7 once it is complete', () => {
    const created = draftThrough(['basic-info', 'documents', 'managers', 'residents'], {
      created: { propertyId: 'p1', propertyName: 'Oak Court' },
    });
    expect(firstIncompleteStep(created)).toBe('review');
    expect(canVisitStep('basic-info', created, null)).toBe(false);
    expect(canVisitStep('review', created, null)).toBe(true);
    const completion = {
      draftKey: created.idempotencyKey,
      propertyId: 'p1',
      propertyName: 'Oak Court',
      status: 'pending' as const,
      managerCount: 0,
      residentCount: 0,
      uploadedCount: 0,
      skippedFiles: [],
    };
    expect(canVisitStep('complete', createDraft(), completion)).toBe(true);
  });

  it('sends only complete resident rows, trimmed, with the property as the server reads it', () => {
    const draft = draftThrough([], {
      basicInfo: { ...createDraft().basicInfo, ...filledBasics, units: '', description: '  ' },
      managers: { selectedManagers: ['m1', 'm2'], primaryManager: 'm2' },
      residents: {
        initialResidents: [
          { userId: 'r1', unitNumber: ' 4B ', kind: 'owner_occupant' },
          { userId: 'r2', unitNumber: '  ', kind: 'tenant' },
          { userId: '', unitNumber: '7', kind: 'tenant' },
        ],
      },
    });
    expect(toSubmission(draft)).toEqual({
      idempotencyKey: draft.idempotencyKey,
      property: {
        name: 'Oak Court',
        address: '1 Oak Court, Madison',
        type: 'residential',
        description: null,
        units: 1,
        status: 'pending',
        jurisdiction: 'none',
        timeZone: 'America/Los_Angeles',
      },
      unitsCsv: null,
      managers: { userIds: ['m1', 'm2'], primaryUserId: 'm2' },
      residents: [{ userId: 'r1', unitNumber: '4B', kind: 'owner_occupant' }],
    });
  });

  it('sends a previewed units file, with its number of units, and offers its labels for residents', () => {
    const draft = draftThrough([], {
      basicInfo: { ...createDraft().basicInfo, ...filledBasics, units: 10 },
      units: { source: 'csv', csv: 'unit_label\nA\nB', fileName: 'units.csv', labels: ['A', 'B'] },
    });
    expect(toSubmission(draft)).toMatchObject({ unitsCsv: 'unit_label\nA\nB', property: { units: 2 } });
    expect(unitLabelsOf(draft)).toEqual(['A', 'B']);
    expect(totalUnitsOf(draft)).toBe(2);
    const numbered = draftThrough([], {
      basicInfo: { ...createDraft().basicInfo, ...filledBasics, units: 3 },
    });
    expect(unitLabelsOf(numbered)).toEqual(['1', '2', '3']);
    expect(toSubmission(numbered).unitsCsv).toBeNull();
  });

  it('flags a draft that no longer fits: more residents than units after the units went down', () => {
    const draft = draftThrough([], {
      basicInfo: { ...createDraft().basicInfo, ...filledBasics, units: 1 },
      residents: {
        initialResidents: [
          { userId: 'r1', unitNumber: '1', kind: 'tenant' },
          { userId: 'r2', unitNumber: '2', kind: 'tenant' },
        ],
      },
    });
    expect(findDraftProblems(draft, () => 'Someone')).toEqual({
      residents: 'There are more residents (2) than units (1): add units or remove residents.',
    });
  });

  it('survives a reload through sessionStorage, and falls back to the defaults on anything unreadable', () => {
    const draft = draftThrough(['basic-info'], {
      documents: {
        uploadedFiles: [
          {
            id: 'f1',
            name: 'Oak-CCRs.pdf',
            size: 2048,
            type: 'application/pdf',
            lastModified: 1,
            category: 'ccr',
          },
        ],
        requiredDocs: checklistTicks(['Oak-CCRs.pdf']),
      },
    });
    saveDraft(draft, sessionStorage);
    expect(loadDraft(sessionStorage)).toEqual(draft);

    sessionStorage.setItem('commonwise.onboarding.draft', '{not json');
    expect(loadDraft(sessionStorage).basicInfo.type).toBe('residential');
    sessionStorage.setItem(
      'commonwise.onboarding.draft',
      JSON.stringify({
        idempotencyKey: 'k',
        basicInfo: { type: 'castle', units: {}, jurisdiction: 'NY', timeZone: 'Mars/Olympus' },
        completedSteps: ['nowhere'],
      }),
    );
    const repaired = loadDraft(sessionStorage);
    expect(repaired.basicInfo).toMatchObject({
      type: 'residential',
      units: 1,
      status: 'pending',
      jurisdiction: 'none',
      timeZone: 'America/Los_Angeles',
    });
    expect(repaired.completedSteps).toEqual([]);
    sessionStorage.clear();
  });
});

describe('documents of the draft', () => {
  it('ticks a checklist item when a file name contains its id, whatever the case or punctuation', () => {
    expect(checklistTicks(['Title_DEED.pdf', 'Oak CC&Rs 2024.docx', 'survey.png'])).toEqual({
      deed: true,
      insurance: false,
      bylaws: false,
      ccr: true,
      survey: true,
    });
  });

  it('guesses categories from names, and guesses none for a deed or a survey', () => {
    expect(guessDocumentCategory('Oak CC&Rs.pdf')).toBe('ccr');
    expect(guessDocumentCategory('HOA Bylaws.docx')).toBe('bylaws');
    expect(guessDocumentCategory('Insurance Certificate.pdf')).toBe('insurance_policies');
    expect(guessDocumentCategory('articles-of-incorporation.pdf')).toBe('articles_of_incorporation');
    expect(guessDocumentCategory('Rules and Regulations.pdf')).toBe('rules_and_regulations');
    expect(guessDocumentCategory('2024 budget.pdf')).toBe('financial_statements');
    expect(guessDocumentCategory('Board meeting minutes.pdf')).toBe('meeting_minutes');
    expect(guessDocumentCategory('Property Deed.pdf')).toBeNull();
    expect(guessDocumentCategory('survey.png')).toBeNull();
    expect(missingCategoryReason('Property Deed.pdf')).toMatch(/deed/);
  });

  it('accepts pdf, doc, docx, jpg, jpeg and png, and shows sizes in MB with 2 decimals', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.jpg', 'e.JPEG', 'f.png'])
      expect(isAcceptedFileName(name)).toBe(true);
    for (const name of ['a.txt', 'b.gif', 'noextension', 'c.pdf.exe'])
      expect(isAcceptedFileName(name)).toBe(false);
    expect(formatMegabytes(0)).toBe('0.00 MB');
    expect(formatMegabytes(1024 * 1024 * 2.5)).toBe('2.50 MB');
    expect(formatMegabytes(1234567)).toBe('1.18 MB');
  });
});
