import { ApiRequestError, genericErrorMessage, networkErrorMessage } from './api.ts';

/**
 * Fetches a file the server makes (a PDF report, a statement) and hands it to the browser as a
 * download, under the name the server gave it. Fetched rather than linked so that a failure shows as a
 * message on the page, not as an error page saved to disk. Resolves to the file's name.
 */
export async function downloadFile(path: string, fallbackFileName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/pdf' } });
  } catch {
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: networkErrorMessage });
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiRequestError({
      status: response.status,
      code: body?.error?.code ?? 'UNKNOWN_ERROR',
      message: body?.error?.message ?? genericErrorMessage,
    });
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackFileName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the object URL can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}
