import {
  documentNameFromFileName,
  type DocumentCategory,
  type OnboardingResult,
  type OnboardingSubmission,
  type PropertyDocument,
  type UnitsImportPreview,
} from '@commonwise/contracts';
import { api } from '../../../lib/api.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';

/** One call: the property, its managers and its residents, all or nothing (201; 200 for a retried key). */
export function submitOnboarding(submission: OnboardingSubmission): Promise<OnboardingResult> {
  return api.post<OnboardingResult>('/api/properties/onboarding', submission);
}

/** The wizard's units file judged as for a new property: each row's result or errors; nothing written. */
export function previewOnboardingUnits(csv: string): Promise<UnitsImportPreview> {
  return api.post<UnitsImportPreview>('/api/properties/onboarding/units-preview', { csv });
}

export type UploadProgress = (fraction: number) => void;

/** Uploads one chosen file to the new property's documents (multipart: category, name, description, then the file). */
export function uploadOnboardingDocument(
  propertyId: string,
  input: { file: File; category: DocumentCategory },
  onProgress: UploadProgress,
): Promise<PropertyDocument> {
  const form = new FormData();
  form.append('category', input.category);
  form.append('name', documentNameFromFileName(input.file.name));
  form.append('description', '');
  form.append('file', input.file, input.file.name);
  return uploadWithProgress<PropertyDocument>(
    `/api/properties/${encodeURIComponent(propertyId)}/documents`,
    form,
    onProgress,
  );
}
