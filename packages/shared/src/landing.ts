/**
 * What the server renders the landing page with (decision 011): the API's web-app plugin gives it,
 * the web app's landing bundle (apps/web/src/landing) shows it. No zod here: the landing page's
 * server bundle imports this.
 */
import type { LandingEvent } from './public-pages';

/**
 * The live values of the landing page: the waiting-list count (for the claim), the support
 * contact from the settings and the next highlighted events. No JavaScript needs them.
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
  /** The script that counts promoted cards, when one is shown ('Publicités', decision 068). */
  adsScript?: string | null;
}

/** Replaced in each answer of `/` by a freshly issued form token (apps/api/src/plugins/web-app.ts). */
export const FORM_TOKEN_SLOT = '__FORM_TOKEN__';
