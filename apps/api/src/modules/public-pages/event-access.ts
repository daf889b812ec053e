import { DAY_MS } from '@app/shared/douala-time';
import { eventPublicPath, slugify } from '../events/event-paths';
import { eventSight } from '../events/event-visibility';
import { findPublicEvent, type PublicEvent } from './public-pages.repository';
import type { PublicPagesDeps } from './public-pages.deps';

/** A cancelled event's page stays, marked 'Annulé', this long after the cancellation. */
export const CANCELLED_PAGE_DAYS = 30;

/** `{slug}-{shortId}` → its parts (null when it does not look like an event address). */
export function parseSlugId(slugId: string): { slug: string; shortId: string } | null {
  const match = /^(?:(.*)-)?([0-9a-f]{12})$/.exec(slugId);
  if (!match) return null;
  return { slug: match[1] ?? '', shortId: match[2] as string };
}

export type EventAccess =
  | { kind: 'open'; event: PublicEvent }
  | { kind: 'redirect'; location: string }
  | { kind: 'missing'; status: 404 | 410; event?: PublicEvent };

/**
 * Who may see the event at this address: published public events; private ones with the current
 * share token; cancelled ones for 30 days (then 410); drafts never (404). A wrong slug redirects.
 */
export async function resolveEvent(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  suffix: string,
  now: Date,
  ref?: string,
): Promise<EventAccess> {
  const parsed = parseSlugId(slugId);
  if (!parsed) return { kind: 'missing', status: 404 };
  const event = await findPublicEvent(deps.db, parsed.shortId);
  const refused = refusal(event, token, now);
  if (refused || !event) return refused ?? { kind: 'missing', status: 404 };
  if (parsed.slug !== slugify(event.title)) {
    // The share token and a referral code (counted as a click on the page) follow the redirect.
    const params = new URLSearchParams();
    if (!event.isPublic && token) params.set('t', token);
    if (ref) params.set('ref', ref);
    const query = params.size > 0 ? `?${params}` : '';
    return { kind: 'redirect', location: `${eventPublicPath(event)}${suffix}${query}` };
  }
  return { kind: 'open', event };
}

/**
 * Why this event's page does not open for this reader, or null when it does: nobody is privileged
 * here, so a draft's page never opens, a private one with its share token; a cancelled one 30 days.
 */
export function refusal(
  event: PublicEvent | null,
  token: string | undefined,
  now: Date,
): Extract<EventAccess, { kind: 'missing' }> | null {
  if (!event || eventSight(event, { privileged: false, token }) !== 'visible') return { kind: 'missing', status: 404 };
  if (
    event.status === 'cancelled' &&
    now.getTime() - (event.cancelledAt ?? event.updatedAt).getTime() > CANCELLED_PAGE_DAYS * DAY_MS
  ) {
    return { kind: 'missing', status: 410, event };
  }
  return null;
}

/** What an event's file (`calendrier.ics`, `apercu.jpg`) answers: the file, or why not. */
export type FileResult = { kind: 'file'; body: Buffer | string; private: boolean } | Exclude<EventAccess, { kind: 'open' }>;
