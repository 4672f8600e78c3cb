import {
  documentCategories,
  documentCategoryLabels,
  type DocumentCategory,
  type ResidentDocument,
} from '@commonwise/contracts';

/**
 * SPEC §2 lists the resident's documents as CC&Rs, Bylaws, Community Rules and Architectural
 * Guidelines: those four categories go first, under those names; any other category follows under
 * its own label.
 */
const residentNames: Partial<Record<DocumentCategory, string>> = {
  ccr: 'CC&Rs',
  bylaws: 'Bylaws',
  rules_and_regulations: 'Community Rules',
  architectural_guidelines: 'Architectural Guidelines',
};
const firstCategories: DocumentCategory[] = [
  'ccr',
  'bylaws',
  'rules_and_regulations',
  'architectural_guidelines',
];
const categoryOrder = [
  ...firstCategories,
  ...documentCategories.filter((category) => !firstCategories.includes(category)),
];

export function residentCategoryName(category: DocumentCategory): string {
  return residentNames[category] ?? documentCategoryLabels[category] ?? category;
}

export type DocumentGroup = { category: DocumentCategory; name: string; documents: ResidentDocument[] };

/** The documents by category, in the order above; categories without documents are left out. */
export function groupDocuments(documents: ResidentDocument[]): DocumentGroup[] {
  return categoryOrder
    .map((category) => ({
      category,
      name: residentCategoryName(category),
      documents: documents.filter((document) => document.category === category),
    }))
    .filter((group) => group.documents.length > 0);
}
