// The landing document's only script (landing.html). It loads none of the signed-in app: no Mantine,
// no router, no query cache. See docs/decisions/0007-prerendered-landing-page.md.
import './landing.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './components/LandingPage.tsx';
import {
  fetchLandingData,
  landingRootElementId,
  readEmbeddedLandingData,
  type LandingData,
} from './landing-data.ts';

const container = document.getElementById(landingRootElementId);
if (!container) throw new Error(`landing.html has no #${landingRootElementId} element`);

const page = (data: LandingData) => (
  <StrictMode>
    <LandingPage data={data} />
  </StrictMode>
);

const embedded = readEmbeddedLandingData(document);
if (embedded && container.firstElementChild) {
  // Served by our server: the HTML is already there, so React only attaches behaviour to it.
  hydrateRoot(container, page(embedded));
} else {
  // `npm run dev`: Vite serves landing.html as it is, with nothing prerendered.
  void fetchLandingData().then((data) => createRoot(container).render(page(data)));
}
