/**
 * What the landing page is rendered from. The prerender (scripts/prerender-landing.ts) renders it with
 * `{{name}}` placeholders; the server (apps/server/src/plugins/web-app.ts) replaces them with the site
 * settings and embeds the same values as JSON in `<script type="application/json" id="landing-data">`,
 * which the browser hydrates from. See docs/decisions/0007-prerendered-landing-page.md.
 */
export type LandingData = {
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  /** A string so the prerender can hold a placeholder in its place. */
  copyrightYear: string;
  isSignedIn: boolean;
};

export const landingDataElementId = 'landing-data';
export const landingRootElementId = 'landing-root';

function isLandingData(value: unknown): value is LandingData {
  if (typeof value !== 'object' || value === null) return false;
  const data = value as Record<string, unknown>;
  return (
    typeof data.companyName === 'string' &&
    typeof data.contactEmail === 'string' &&
    typeof data.contactPhone === 'string' &&
    typeof data.copyrightYear === 'string' &&
    typeof data.isSignedIn === 'boolean'
  );
}

/** The data the server embedded next to the prerendered page, or null when the page was not prerendered. */
export function readEmbeddedLandingData(document: Document): LandingData | null {
  const text = document.getElementById(landingDataElementId)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isLandingData(value) ? value : null;
  } catch {
    return null;
  }
}

const fallbackSite = {
  companyName: 'Commonwise',
  contactEmail: 'hello@commonwise.test',
  contactPhone: '+1 (555) 010-0200',
};

/**
 * Asks the API for what the server would otherwise have embedded: used by `npm run dev`, where Vite
 * serves landing.html without a prerender, and by the SPA if it ever has to show the landing itself.
 */
export async function fetchLandingData(): Promise<LandingData> {
  const [site, me] = await Promise.all([
    fetch('/api/site', { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? (response.json() as Promise<typeof fallbackSite>) : fallbackSite))
      .catch(() => fallbackSite),
    fetch('/api/me', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((response) => response.ok)
      .catch(() => false),
  ]);
  return { ...site, copyrightYear: String(new Date().getFullYear()), isSignedIn: me };
}
