import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { LandingPage } from './landing-page';
import { DEFAULT_LANDING_DATA } from './landing-data';

/**
 * `npm run dev` only (never in the build): Vite serves index.html unrendered, so the page is
 * rendered once here with the live count and contact, then the islands start on it.
 */
export async function renderForDev(root: HTMLElement): Promise<void> {
  const [count, settings] = await Promise.all([
    fetch('/api/waitlist/count')
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({})),
    fetch('/api/settings/public')
      .then((r) => (r.ok ? r.json() : {}))
      .catch(() => ({})),
  ]);
  const app = createRoot(root);
  flushSync(() => app.render(<LandingPage data={{ ...DEFAULT_LANDING_DATA, ...settings, ...count }} />));
}
