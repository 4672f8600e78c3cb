import { ApiRequestError, genericErrorMessage, networkErrorMessage } from './api.ts';

/**
 * Posts a multipart form and reports how much of it has gone (0…1). XMLHttpRequest rather than fetch:
 * only it reports upload progress, which a phone on a slow connection needs to see. Errors carry the
 * server's error shape, like every other call (lib/api.ts); an abort rejects with code ABORTED.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    signal?.addEventListener('abort', () => request.abort());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onabort = () => reject(new ApiRequestError({ status: 0, code: 'ABORTED', message: 'Cancelled' }));
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
        return resolve(body as T);
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
