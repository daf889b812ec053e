import { renderToString } from 'react-dom/server';
import { LandingPage } from './landing-page';
import { type LandingData, LANDING_DATA_ID, serializeLandingData } from './landing-data';

export { DEFAULT_LANDING_DATA } from './landing-data';

/**
 * Used at build time (scripts/prerender.mjs) and by the server for live values: fills the
 * landing template's `<!--app-html-->` with the rendered page and its data.
 */
export function renderLanding(template: string, data: LandingData): string {
  const html = renderToString(<LandingPage data={data} />);
  const json = `<script type="application/json" id="${LANDING_DATA_ID}">${serializeLandingData(data)}</script>`;
  return template.replace('<!--app-html-->', () => html).replace('</body>', () => `${json}\n  </body>`);
}
