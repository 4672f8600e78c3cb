export const documentCategories = [
  'ccr',
  'bylaws',
  'articles_of_incorporation',
  'rules_and_regulations',
  'architectural_guidelines',
  'meeting_minutes',
  'financial_statements',
  'insurance_policies',
] as const;
export type DocumentCategory = (typeof documentCategories)[number];

export const documentCategoryLabels: Record<DocumentCategory, string> = {
  ccr: 'CC&Rs (Covenants, Conditions & Restrictions)',
  bylaws: 'Bylaws',
  articles_of_incorporation: 'Articles of Incorporation',
  rules_and_regulations: 'Rules & Regulations',
  architectural_guidelines: 'Architectural Guidelines',
  meeting_minutes: 'Meeting Minutes',
  financial_statements: 'Financial Statements',
  insurance_policies: 'Insurance Policies',
};

export const requiredDocumentCategories: readonly DocumentCategory[] = [
  'ccr',
  'bylaws',
  'articles_of_incorporation',
  'rules_and_regulations',
];

export const documentStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** SPEC §4: how each processing status reads on screen. */
export const documentStatusLabels: Record<DocumentStatus, string> = {
  pending: 'Not processed',
  processing: 'Processing...',
  completed: 'Processed',
  failed: 'Failed',
};

/** What may be uploaded, by file extension (the server checks the bytes, not the name). */
export const documentFileExtensions = ['pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif', 'txt'] as const;
/** SPEC §5: the file types shown inside the browser. */
export const previewableExtensions = ['pdf', 'jpg', 'jpeg', 'png', 'gif'] as const;
/** SPEC §9: links to files expire after this long. */
export const fileLinkSeconds = 3600;
/** SPEC §9: how the panel follows processing. */
export const processingPoll = { firstCheckMs: 2000, intervalMs: 10_000, maxChecks: 30 } as const;

export function isRequiredCategory(category: string): boolean {
  return (requiredDocumentCategories as readonly string[]).includes(category);
}

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function fileExtensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/** The document name the upload form suggests: the file name without its extension (SPEC §4). */
export function documentNameFromFileName(fileName: string): string {
  return fileName.replace(/\.[^./\\]+$/, '').trim() || fileName;
}

/**
 * How an answer names the part of a governing document it quotes: "Section 4.2 (Pets)", "Rule 14
 * (Inoperable Vehicles)" when the document numbers rules, the heading alone for an unnumbered part, or
 * null. The chat's answers and their citation cards both show it.
 */
export function sectionLabel(part: {
  section: string | null;
  sectionDesignation: string | null;
  sectionTitle: string | null;
}): string | null {
  if (!part.section) return part.sectionTitle;
  const title = part.sectionTitle ? ` (${part.sectionTitle})` : '';
  return `${part.sectionDesignation ?? 'Section'} ${part.section}${title}`;
}
