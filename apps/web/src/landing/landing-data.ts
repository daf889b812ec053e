/**
 * The live values of the landing page: the waiting-list count (for the claim) and the support
 * contact from the settings. The server renders the page with them and writes them as JSON in
 * `#landing-data`, so the browser hydrates with exactly the same values.
 */
export interface LandingData {
  count: number;
  siteName: string;
  contactEmail: string;
  supportPhone: string;
}

export const LANDING_DATA_ID = 'landing-data';

/** The values used when the page is prerendered at build time (same as the settings' defaults). */
export const DEFAULT_LANDING_DATA: LandingData = {
  count: 0,
  siteName: 'Évènements Cameroun',
  contactEmail: 'contact@evenements.cm',
  supportPhone: '+237 6 77 00 00 00',
};

/** JSON safe inside a <script> element. */
export function serializeLandingData(data: LandingData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function readLandingData(doc: Document): LandingData | null {
  const text = doc.getElementById(LANDING_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return { ...DEFAULT_LANDING_DATA, ...(JSON.parse(text) as Partial<LandingData>) };
  } catch {
    return null;
  }
}
