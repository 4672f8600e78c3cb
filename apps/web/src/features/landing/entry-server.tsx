// Entry of the build-time prerender (scripts/prerender-landing.ts): the same component tree the
// browser hydrates, rendered to a string.
import { renderToString } from 'react-dom/server';
import { LandingPage } from './components/LandingPage.tsx';
import type { LandingData } from './landing-data.ts';

export function render(data: LandingData): string {
  return renderToString(<LandingPage data={data} />);
}
