import type { ApiError, ErrorAlternative } from '@commonwise/contracts';

export const genericErrorMessage = 'Something went wrong. Please try again.';
export const networkErrorMessage = 'Cannot reach the server. Check your connection and try again.';

/** A failed API call, carrying the server's error shape so screens can show its message and field errors. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfter: number | undefined;
  /** What is possible instead (a booking's next free times), when the server says. */
  readonly alternatives: ErrorAlternative[] | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string> | undefined;
    retryAfter?: number | undefined;
    alternatives?: ErrorAlternative[] | undefined;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.retryAfter = init.retryAfter;
    this.alternatives = init.alternatives;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** True for the error the server sends when the session is missing or has ended. */
export function isUnauthenticatedError(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 401;
}

/** True when the person's role requires two-factor authentication they have not set up yet. */
export function isTwoFactorRequiredError(error: unknown): boolean {
  return isApiRequestError(error) && error.status === 403 && error.code === 'TWO_FACTOR_REQUIRED';
}

function readErrorBody(body: unknown): ApiError['error'] | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return error as ApiError['error'];
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (error) {
    // An abort is the caller's choice, not a connection problem: let it through unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: networkErrorMessage });
  }

  const body = await parseJson(response);
  if (!response.ok) {
    const error = readErrorBody(body);
    throw new ApiRequestError({
      status: response.status,
      code: error?.code ?? 'UNKNOWN_ERROR',
      message: error?.message ?? genericErrorMessage,
      fields: error?.fields,
      retryAfter: error?.retryAfter,
      alternatives: error?.alternatives,
    });
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * Every row of a list the server pages, for the screens that still show a whole list at once (a pick
 * list, a sidebar): the first page as the server sizes it, then the next ones at the size it echoed,
 * until `total` rows are in. The server never sends an unbounded list.
 */
export async function getAllPages<Body extends { total?: number; limit?: number }, Row>(
  path: string,
  rowsOf: (body: Body) => Row[],
  options?: Omit<RequestOptions, 'body'>,
): Promise<Row[]> {
  const first = await api.get<Body>(path, options);
  const rows = [...rowsOf(first)];
  const { total, limit } = first;
  if (total === undefined || limit === undefined) return rows;
  const separator = path.includes('?') ? '&' : '?';
  for (let page = 2; rows.length < total && (page - 1) * limit < total; page++) {
    const body = await api.get<Body>(`${path}${separator}page=${page}&limit=${limit}`, options);
    const pageRows = rowsOf(body);
    if (pageRows.length === 0) break;
    rows.push(...pageRows);
  }
  return rows;
}

/** A message for a person from any thrown value: the server's own words when there are some. */
export function getErrorMessage(error: unknown, fallback = genericErrorMessage): string {
  if (isApiRequestError(error)) return error.message;
  return fallback;
}
