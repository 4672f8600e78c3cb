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
