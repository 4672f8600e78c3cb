import type { DocumentCategory, OnboardingStep } from '@commonwise/contracts';
import { createContext, useContext } from 'react';
import type { PropertyFormValues } from '../property-form.ts';
import type { DraftResident, DraftUnits, OnboardingCompletion, OnboardingDraft } from './draft.ts';

export type AddFilesResult = { added: number; rejected: string[]; duplicates: string[] };

export type OnboardingContextValue = {
  draft: OnboardingDraft;
  /** The chosen files by draft file id; after a reload they come back from IndexedDB. */
  files: ReadonlyMap<string, File>;
  /** True while the files of a reloaded draft are being read back. */
  isRestoringFiles: boolean;
  /** What step 7 shows, once a property was created. */
  completion: OnboardingCompletion | null;
  /** Start Onboarding: the draft is under way (and an earlier step 7 is forgotten). */
  start: () => void;
  updateBasicInfo: (values: PropertyFormValues) => void;
  addFiles: (files: readonly File[]) => AddFilesResult;
  removeFile: (fileId: string) => void;
  setFileCategory: (fileId: string, category: DocumentCategory | null) => void;
  updateManagers: (managers: OnboardingDraft['managers']) => void;
  updateResidents: (rows: DraftResident[]) => void;
  /** Where the units come from (numbered, or a previewed CSV file). */
  updateUnits: (units: DraftUnits) => void;
  /** Marks a step as done (Next). */
  completeStep: (step: OnboardingStep) => void;
  /** Skip for Now: the step is done and keeps nothing. */
  skipStep: (step: 'documents' | 'managers' | 'residents') => void;
  markCreated: (created: NonNullable<OnboardingDraft['created']>) => void;
  markUploaded: (fileId: string, documentId: string) => void;
  /** The property is created and its files uploaded (or left out): what step 7 shows. */
  recordCompletion: (completion: OnboardingCompletion) => void;
  /** A fresh draft (defaults, new key), keeping step 7's record: done once step 7 shows. */
  clearDraft: () => void;
  /** Back to the defaults (residential, 1 unit, pending), with a new key; forgets step 7 too. */
  reset: () => void;
};

export const OnboardingContext = createContext<OnboardingContextValue | null>(null);

export function useOnboarding(): OnboardingContextValue {
  const context = useContext(OnboardingContext);
  if (!context) throw new Error('useOnboarding must be used within an OnboardingProvider');
  return context;
}
