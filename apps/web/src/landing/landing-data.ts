import { DEFAULT_LAUNCH_DATE, todayInDouala } from '@app/shared/launch';
import type { LandingEvent } from '@app/shared/public-pages';

/**
 * The live values of the landing page: the waiting-list count (for the claim), the support
 * contact from the settings and the next highlighted events. The server renders the page with
 * them (no JavaScript needs them: decision 011).
 */
export interface LandingData {
  count: number;
  siteName: string;
  contactEmail: string;
  supportPhone: string;
  events: LandingEvent[];
  /** The setting « Date de lancement prévue », 'YYYY-MM-DD' (the FAQ says it). */
  launchDate: string;
  /** Today in Douala, 'YYYY-MM-DD': the FAQ and the footer's year follow it. */
  today: string;
  /**
   * The waiting-list form's token (decision 021) for a post without JavaScript: the server renders
   * FORM_TOKEN_SLOT and puts a fresh token there in every answer (decision 027); empty when prerendered.
   */
  formToken: string;
}

/** Replaced in each answer of `/` by a freshly issued form token (apps/api/src/plugins/web-app.ts). */
export const FORM_TOKEN_SLOT = '__FORM_TOKEN__';

/** The values used when the page is prerendered at build time (same as the settings' defaults). */
export const DEFAULT_LANDING_DATA: LandingData = {
  count: 0,
  siteName: 'Évènements Cameroun',
  contactEmail: 'contact@evenements.cm',
  supportPhone: '+237 6 77 00 00 00',
  events: [],
  launchDate: DEFAULT_LAUNCH_DATE,
  today: todayInDouala(),
  formToken: '',
};
