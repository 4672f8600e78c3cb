import {
  documentNameFromFileName,
  type DocumentCategory,
  type OnboardingResult,
  type OnboardingSubmission,
  type PropertyDocument,
  type UnitsImportPreview,
} from '@commonwise/contracts';
import { api, ApiRequestError, genericErrorMessage, networkErrorMessage } from '../../../lib/api.ts';

/** One call: the property, its managers and its residents, all or nothing (201; 200 for a retried key). */
export function submitOnboarding(submission: OnboardingSubmission): Promise<OnboardingResult> {
  return api.post<OnboardingResult>('/api/properties/onboarding', submission);
}

/** The wizard's units file judged as for a new property: each row's result or errors; nothing written. */
export function previewOnboardingUnits(csv: string): Promise<UnitsImportPreview> {
  return api.post<UnitsImportPreview>('/api/properties/onboarding/units-preview', { csv });
}

export type UploadProgress = (fraction: number) => void;

/**
 * Uploads one chosen file to the new property's documents (the documents upload route, multipart:
 * category, name, description, then the file). XMLHttpRequest rather than fetch: only it reports
 * upload progress.
 */
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

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/properties/${encodeURIComponent(propertyId)}/documents`);
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: networkErrorMessage }));
    request.onload = () => {
      let body: unknown;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        return resolve(body as PropertyDocument);
      }
      const error = (body as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
        ?.error;
      reject(
        new ApiRequestError({
          status: request.status,
          code: error?.code ?? 'UNKNOWN_ERROR',
          message:
            error?.message ?? (request.status === 413 ? 'The file is too large.' : genericErrorMessage),
          fields: error?.fields,
        }),
      );
    };
    request.send(form);
  });
}
