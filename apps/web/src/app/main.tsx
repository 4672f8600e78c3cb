import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { meQueryOptions } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
// Ask who is signed in while the first page's code is still downloading, not after.
void queryClient.prefetchQuery(meQueryOptions);
const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
