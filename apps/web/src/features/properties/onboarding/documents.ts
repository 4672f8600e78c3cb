import type { DocumentCategory } from '@commonwise/contracts';

/**
 * SPEC §2 step 3: the checklist, each item ticked when a chosen file's name contains its id. Names
 * are compared without case, spaces or punctuation, so 'CC&Rs.pdf' ticks 'ccr' and 'Title Deed.pdf'
 * ticks 'deed'.
 */
export const documentChecklist = [
  { id: 'deed', label: 'Property Deed', required: true },
  { id: 'insurance', label: 'Insurance Certificate', required: true },
  { id: 'bylaws', label: 'HOA Bylaws', required: false },
  { id: 'ccr', label: 'CC&Rs', required: false },
  { id: 'survey', label: 'Property Survey', required: false },
] as const;
export type ChecklistId = (typeof documentChecklist)[number]['id'];

/** SPEC §9: what the picker accepts. */
export const acceptedExtensions = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png'] as const;
export const acceptAttribute = [
  ...acceptedExtensions.map((extension) => `.${extension}`),
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
].join(',');

export const normaliseFileName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

export function checklistTicks(fileNames: readonly string[]): Record<ChecklistId, boolean> {
  const names = fileNames.map(normaliseFileName);
  return Object.fromEntries(
    documentChecklist.map((item) => [item.id, names.some((name) => name.includes(item.id))]),
  ) as Record<ChecklistId, boolean>;
}

export function isAcceptedFileName(name: string): boolean {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return (acceptedExtensions as readonly string[]).includes(extension);
}

/** SPEC §9: sizes in MB with 2 decimals. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Words in a file name that say which document category it belongs to, the most specific first. */
const categoryHints: [RegExp, DocumentCategory][] = [
  [/ccr|covenant/, 'ccr'],
  [/bylaw/, 'bylaws'],
  [/insurance|policy|policies/, 'insurance_policies'],
  [/articles|incorporation/, 'articles_of_incorporation'],
  [/rules|regulation/, 'rules_and_regulations'],
  [/architect|guideline/, 'architectural_guidelines'],
  [/minutes|meeting/, 'meeting_minutes'],
  [/financial|budget|statement|audit|reserve/, 'financial_statements'],
];

/**
 * The category a file probably belongs to, from its name; null when nothing fits — a deed or a
 * survey has no category of its own, and guessing one (CC&Rs, say) would wrongly tick a required
 * document. Such files are marked on the Review step until the admin picks a category.
 */
export function guessDocumentCategory(fileName: string): DocumentCategory | null {
  const name = normaliseFileName(fileName.replace(/\.[a-z0-9]+$/i, ''));
  return categoryHints.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

/** Why a file has no default category, for the Review step. */
export function missingCategoryReason(fileName: string): string {
  const name = normaliseFileName(fileName);
  if (name.includes('deed')) return 'No document category is meant for a deed: choose the closest one.';
  if (name.includes('survey')) return 'No document category is meant for a survey: choose the closest one.';
  return 'Choose a category: the file name does not say which one.';
}
