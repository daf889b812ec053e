import { DEFAULT_LAUNCH_DATE, todayInDouala } from '@app/shared/launch';
import type { LandingData } from '@app/shared/landing';

export { FORM_TOKEN_SLOT, type LandingData } from '@app/shared/landing';

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
