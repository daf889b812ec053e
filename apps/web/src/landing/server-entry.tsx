import { renderToString } from 'react-dom/server';
import { LandingPage } from './landing-page';
import type { LandingData } from './landing-data';

export { DEFAULT_LANDING_DATA, FORM_TOKEN_SLOT } from './landing-data';

/**
 * Used at build time (scripts/prerender.mjs) and by the server for live values: fills the
 * landing template's `<!--app-html-->` with the rendered page. React runs here only; the browser
 * gets the HTML and the small islands of `islands.ts` (decision 011).
 */
export function renderLanding(template: string, data: LandingData): string {
  return template.replace('<!--app-html-->', () => renderToString(<LandingPage data={data} />));
}
