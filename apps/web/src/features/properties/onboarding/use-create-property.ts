import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { propertyListsKey } from '../api.ts';
import { submitOnboarding, uploadOnboardingDocument } from './api.ts';
import { stepPath, toSubmission, type OnboardingCompletion } from './draft.ts';
import { useOnboarding } from './use-onboarding.ts';

export type FileUpload =
  { status: 'uploading'; progress: number } | { status: 'uploaded' } | { status: 'failed'; reason: string };

/**
 * Create Property: one call creates property, managers and residents (all or nothing), then each
 * chosen file is uploaded to the new property. A failed call keeps the draft; trying again sends the
 * same key, so the server answers with the property it may already have made, and only files that
 * did not upload are sent again.
 */
export function useCreateProperty() {
  const onboarding = useOnboarding();
  const { draft, files } = onboarding;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [uploads, setUploads] = useState<Record<string, FileUpload>>({});

  const setUpload = (fileId: string, upload: FileUpload) =>
    setUploads((current) => ({ ...current, [fileId]: upload }));

  const submission = toSubmission(draft);
  const summary = {
    status: draft.basicInfo.status,
    managerCount: submission.managers?.userIds?.length ?? 0,
    residentCount: submission.residents?.length ?? 0,
  };

  async function finish(
    created: { propertyId: string; propertyName: string },
    extra: Partial<OnboardingCompletion>,
  ) {
    const completion: OnboardingCompletion = {
      draftKey: draft.idempotencyKey,
      ...created,
      ...summary,
      uploadedCount: 0,
      skippedFiles: [],
      ...extra,
    };
    onboarding.recordCompletion(completion);
    showSuccessToast('Property created successfully');
    // Step 7 starts the fresh draft once it shows: resetting here would send this (still visible)
    // Review step back to the start before the navigation lands.
    await navigate(stepPath('complete'));
  }

  async function create() {
    if (isBusy) return;
    setIsBusy(true);
    setFailure(null);
    let created = draft.created;
    try {
      if (!created) {
        const result = await submitOnboarding(submission);
        created = { propertyId: result.property.id, propertyName: result.property.name };
        onboarding.markCreated(created);
        void queryClient.invalidateQueries({ queryKey: propertyListsKey });
      }
    } catch (error) {
      // The reason is shown beside the button (a toast would cover it).
      setFailure(error);
      setIsBusy(false);
      return;
    }

    let uploadedCount = Object.keys(draft.uploaded).length;
    const failed: string[] = [];
    for (const entry of draft.documents.uploadedFiles) {
      if (draft.uploaded[entry.id]) continue;
      const file = files.get(entry.id);
      if (!file || !entry.category) {
        failed.push(entry.name);
        setUpload(entry.id, {
          status: 'failed',
          reason: file
            ? 'Choose a category first.'
            : 'The file is no longer available: remove it or choose it again.',
        });
        continue;
      }
      setUpload(entry.id, { status: 'uploading', progress: 0 });
      try {
        const document = await uploadOnboardingDocument(
          created.propertyId,
          { file, category: entry.category },
          (progress) => setUpload(entry.id, { status: 'uploading', progress }),
        );
        onboarding.markUploaded(entry.id, document.id);
        setUpload(entry.id, { status: 'uploaded' });
        uploadedCount += 1;
      } catch (error) {
        failed.push(entry.name);
        setUpload(entry.id, { status: 'failed', reason: getErrorMessage(error) });
      }
    }
    void queryClient.invalidateQueries({ queryKey: ['properties', created.propertyId] });

    if (failed.length > 0) {
      setIsBusy(false);
      return;
    }
    await finish(created, { uploadedCount });
  }

  /** After failed uploads: show step 7 anyway; the files can be uploaded on the property's page. */
  async function finishWithoutFailedFiles() {
    if (!draft.created) return;
    await finish(draft.created, {
      uploadedCount: Object.keys(draft.uploaded).length,
      skippedFiles: draft.documents.uploadedFiles
        .filter((file) => !draft.uploaded[file.id])
        .map((file) => file.name),
    });
  }

  return { create, finishWithoutFailedFiles, isBusy, failure, uploads };
}
