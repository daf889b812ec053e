import type { LandingEvent } from '@app/shared/public-pages';
import type { Database } from '../../db/client';
import { eventPublicPath } from '../events/event-paths';
import { uploadUrl } from '../uploads/uploads.storage';
import { frenchShortDateTime, priceFrom } from './format';
import { placeSponsored, sponsoredSlots } from '../ads/ads.service';
import type { PublicPagesDeps } from './public-pages.deps';
import { listNextForLanding } from './public-pages.repository';

/** How many of the next public events the landing page shows. */
export const LANDING_EVENTS = 6;

/**
 * The landing page's next public events (highlighted first, then by date), as its cards show
 * them. Not cached here: the landing page that shows them is (apps/api/src/plugins/web-app.ts).
 */
export async function landingEvents(
  db: Database,
  now = new Date(),
  sponsored?: PublicPagesDeps['sponsored'],
): Promise<LandingEvent[]> {
  const cards = await listNextForLanding(db, now, LANDING_EVENTS);
  // A promoted event for all of Cameroon (the landing knows no city) first: one card in six.
  const promoted = sponsored ? await sponsored({ placement: 'landing', limit: sponsoredSlots(cards.length) }) : [];
  return placeSponsored(cards, promoted)
    .slice(0, LANDING_EVENTS)
    .map(({ card, campaignId }) => ({
      ...(campaignId ? { campaignId } : {}),
      title: card.title,
      highlighted: card.highlighted,
      href: eventPublicPath(card),
      when: frenchShortDateTime(card.startDateTime),
      city: card.city,
      price: priceFrom(card.prices),
      image: card.cover ? { src: uploadUrl(card.cover.cardKey), width: 640, height: 480 } : null,
    }));
}
