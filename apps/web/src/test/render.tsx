import type { Me, Profile, Role } from '@commonwise/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../app/theme.ts';
import { meQueryKey } from '../lib/session.ts';

export function makeUser(role: Role | string = 'resident', overrides: Partial<Me> = {}): Me {
  return {
    id: `user-${role}`,
    email: `${role}@commonwise.test`,
    fullName: `Pat ${role.charAt(0).toUpperCase()}${role.slice(1)}`,
    role: role as Role,
    twoFactorEnabled: false,
    mustEnrolTwoFactor: false,
    createdAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

export function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

interface RenderRoutesOptions {
  /** Where the memory history starts. */
  initialEntry?: string;
  /** The signed-in user to seed; `null` for signed out; leave out to let /api/me be fetched. */
  user?: Me | Profile | null;
  queryClient?: QueryClient;
}

/** Renders routes in a memory router with the app's providers; returns the router to inspect the URL. */
export function renderRoutes(routes: RouteObject[], options: RenderRoutesOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  if (options.user !== undefined) {
    const me: Me | null = options.user && { mustEnrolTwoFactor: false, ...options.user };
    queryClient.setQueryData(meQueryKey, me);
  }
  const router = createMemoryRouter(routes, { initialEntries: [options.initialEntry ?? '/'] });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

export function renderWithRouter(ui: ReactNode, options: RenderRoutesOptions & { path?: string } = {}) {
  const path = options.path ?? '/';
  return renderRoutes(
    [
      { path, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    {
      ...options,
      initialEntry: options.initialEntry ?? path,
    },
  );
}

type FetchHandler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces global fetch with `handler`; returns the mock to inspect calls. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(typeof input === 'string' ? input : input.toString(), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
