// A fake of the server's routes: each test lists the answers it needs (the projects tests use it).
import { jsonResponse, mockFetch } from './render.tsx';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Answer =
  Response | ((request: { url: string; body: unknown; match: RegExpExecArray }) => Response);
export type Route = [Method, RegExp, Answer];

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers each request from the first route that matches its method and path; 404 otherwise. */
export function fakeServer(routes: Route[]) {
  const calls: Call[] = [];
  const fetchMock = mockFetch((url, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0] ?? url;
    for (const [routeMethod, pattern, answer] of routes) {
      const match = pattern.exec(path);
      if (routeMethod !== method || !match) continue;
      // A Response can be read once: a route answered more than once gives a fresh copy each time.
      return typeof answer === 'function' ? answer({ url, body, match }) : answer.clone();
    }
    return jsonResponse(404, { error: { code: 'NOT_FOUND', message: `No fake for ${method} ${url}` } });
  });
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { calls, writes, fetchMock };
}

export const ok = (body: unknown) => jsonResponse(200, body);
export const created = (body: unknown) => jsonResponse(201, body);
export const refused = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  jsonResponse(status, { error: { code, message, ...(fields ? { fields } : {}) } });
