import type { DocumentCategory, OnboardingStep } from '@commonwise/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { propertyDefaultsQueryOptions } from '../api.ts';
import type { PropertyFormValues } from '../property-form.ts';
import { checklistTicks, guessDocumentCategory, isAcceptedFileName } from './documents.ts';
import {
  createDraft,
  loadCompletion,
  loadDraft,
  saveCompletion,
  saveDraft,
  type DraftFile,
  type DraftResident,
  type DraftUnits,
  emptyDraftUnits,
  type OnboardingCompletion,
  type OnboardingDraft,
} from './draft.ts';
import { deleteFiles, loadFiles, pruneStaleFiles, saveFiles } from './file-store.ts';
import { OnboardingContext, type AddFilesResult, type OnboardingContextValue } from './use-onboarding.ts';

const withStep = (steps: OnboardingStep[], step: OnboardingStep) =>
  steps.includes(step) ? steps : [...steps, step];

/** Holds the onboarding draft for the wizard's steps; it survives a reload in the same tab. */
export function OnboardingProvider({ children }: { children: ReactNode }) {
  const [draft, setDraft] = useState<OnboardingDraft>(() => loadDraft());
  const [completion, setCompletion] = useState<OnboardingCompletion | null>(() => loadCompletion());
  const [files, setFiles] = useState<ReadonlyMap<string, File>>(() => new Map());
  // The files a reloaded draft had chosen, read back from IndexedDB once on arrival.
  const [initialFileIds] = useState(() => draft.documents.uploadedFiles.map((file) => file.id));
  const [isRestoringFiles, setIsRestoringFiles] = useState(() => initialFileIds.length > 0);

  useEffect(() => saveDraft(draft), [draft]);

  // A new draft starts from the installation's defaults for a new association (System Settings), if
  // they have arrived by the time the admin starts; a started draft keeps the admin's choices.
  const defaults = useQuery(propertyDefaultsQueryOptions).data;
  useEffect(() => saveCompletion(completion), [completion]);

  // Once, on arrival: read back the files of a reloaded draft, and tidy up abandoned ones.
  useEffect(() => {
    let isCurrent = true;
    const ids = initialFileIds;
    void loadFiles(ids)
      .then((restored) => {
        if (!isCurrent) return;
        setFiles((current) => new Map([...restored, ...current]));
      })
      .finally(() => {
        if (isCurrent) setIsRestoringFiles(false);
        void pruneStaleFiles(ids);
      });
    return () => {
      isCurrent = false;
    };
  }, [initialFileIds]);

  const updateDraft = useCallback((change: (draft: OnboardingDraft) => OnboardingDraft) => {
    setDraft((current) => change(current));
  }, []);

  const setUploadedFiles = useCallback(
    (change: (files: DraftFile[]) => DraftFile[]) =>
      updateDraft((current) => {
        const uploadedFiles = change(current.documents.uploadedFiles);
        return {
          ...current,
          documents: { uploadedFiles, requiredDocs: checklistTicks(uploadedFiles.map((file) => file.name)) },
        };
      }),
    [updateDraft],
  );

  const addFiles = useCallback(
    (chosen: readonly File[]): AddFilesResult => {
      const known = new Set(draft.documents.uploadedFiles.map((file) => `${file.name}:${file.size}`));
      const rejected: string[] = [];
      const duplicates: string[] = [];
      const added: { entry: DraftFile; file: File }[] = [];
      for (const file of chosen) {
        const signature = `${file.name}:${file.size}`;
        if (!isAcceptedFileName(file.name)) rejected.push(file.name);
        else if (known.has(signature)) duplicates.push(file.name);
        else {
          known.add(signature);
          added.push({
            file,
            entry: {
              id: crypto.randomUUID(),
              name: file.name,
              size: file.size,
              type: file.type,
              lastModified: file.lastModified,
              category: guessDocumentCategory(file.name),
            },
          });
        }
      }
      if (added.length > 0) {
        setFiles(
          (current) => new Map([...current, ...added.map(({ entry, file }) => [entry.id, file] as const)]),
        );
        setUploadedFiles((current) => [...current, ...added.map(({ entry }) => entry)]);
        void saveFiles(added.map(({ entry, file }) => ({ id: entry.id, file })));
      }
      return { added: added.length, rejected, duplicates };
    },
    [draft.documents.uploadedFiles, setUploadedFiles],
  );

  const forgetFiles = useCallback((ids: string[]) => {
    setFiles((current) => new Map([...current].filter(([id]) => !ids.includes(id))));
    void deleteFiles(ids);
  }, []);

  const value = useMemo<OnboardingContextValue>(
    () => ({
      draft,
      files,
      isRestoringFiles,
      completion,
      start: () => {
        setCompletion(null);
        updateDraft((current) =>
          current.hasStarted
            ? current
            : {
                ...current,
                hasStarted: true,
                basicInfo: defaults
                  ? { ...current.basicInfo, jurisdiction: defaults.jurisdiction, timeZone: defaults.timeZone }
                  : current.basicInfo,
              },
        );
      },
      updateBasicInfo: (basicInfo: PropertyFormValues) =>
        updateDraft((current) => ({ ...current, basicInfo })),
      addFiles,
      removeFile: (fileId) => {
        setUploadedFiles((current) => current.filter((file) => file.id !== fileId));
        forgetFiles([fileId]);
      },
      setFileCategory: (fileId, category: DocumentCategory | null) =>
        setUploadedFiles((current) =>
          current.map((file) => (file.id === fileId ? { ...file, category } : file)),
        ),
      updateManagers: (managers) => updateDraft((current) => ({ ...current, managers })),
      updateResidents: (rows: DraftResident[]) =>
        updateDraft((current) => ({ ...current, residents: { initialResidents: rows } })),
      updateUnits: (units: DraftUnits) => updateDraft((current) => ({ ...current, units })),
      completeStep: (step) =>
        updateDraft((current) => ({ ...current, completedSteps: withStep(current.completedSteps, step) })),
      skipStep: (step) => {
        if (step === 'documents') forgetFiles(draft.documents.uploadedFiles.map((file) => file.id));
        updateDraft((current) => {
          const skipped = { ...current, completedSteps: withStep(current.completedSteps, step) };
          if (step === 'documents')
            return { ...skipped, documents: { uploadedFiles: [], requiredDocs: checklistTicks([]) } };
          if (step === 'managers')
            return { ...skipped, managers: { selectedManagers: [], primaryManager: null } };
          return { ...skipped, residents: { initialResidents: [] }, units: { ...emptyDraftUnits } };
        });
      },
      markCreated: (created) => updateDraft((current) => ({ ...current, created })),
      markUploaded: (fileId, documentId) =>
        updateDraft((current) => ({ ...current, uploaded: { ...current.uploaded, [fileId]: documentId } })),
      recordCompletion: setCompletion,
      clearDraft: () => {
        forgetFiles(draft.documents.uploadedFiles.map((file) => file.id));
        setDraft(createDraft());
      },
      reset: () => {
        forgetFiles(draft.documents.uploadedFiles.map((file) => file.id));
        setCompletion(null);
        setDraft(createDraft());
      },
    }),
    [
      draft,
      files,
      isRestoringFiles,
      completion,
      defaults,
      updateDraft,
      addFiles,
      setUploadedFiles,
      forgetFiles,
    ],
  );

  return <OnboardingContext.Provider value={value}>{children}</OnboardingContext.Provider>;
}
