import './landing.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { LandingPage } from './landing-page';
import { DEFAULT_LANDING_DATA, type LandingData, readLandingData } from './landing-data';

/**
 * The landing page's own entry (decision 001): React and this page only. In the built site the
 * HTML is already rendered with its data, so it is hydrated; in development it is rendered here
 * and the live values are fetched.
 */
const root = document.getElementById('root');
const prerendered = readLandingData(document);
const page = (data: LandingData) => (
  <StrictMode>
    <LandingPage data={data} />
  </StrictMode>
);

if (root && prerendered && root.firstElementChild) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task: the page answers a slow phone's taps sooner.
  startTransition(() => {
    hydrateRoot(root, page(prerendered));
  });
} else if (root) {
  const app = createRoot(root);
  app.render(page(DEFAULT_LANDING_DATA));
  Promise.all([
    fetch('/api/waitlist/count').then((r) => (r.ok ? r.json() : {})),
    fetch('/api/settings/public').then((r) => (r.ok ? r.json() : {})),
  ])
    .then(([count, settings]) => app.render(page({ ...DEFAULT_LANDING_DATA, ...settings, ...count })))
    .catch(() => {});
}
