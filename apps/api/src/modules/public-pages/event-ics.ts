import { eventPublicPath } from '../events/event-paths';
import { type FileResult, resolveEvent } from './event-access';
import { icsFile } from './ics';
import { absolute, type PublicPagesDeps } from './public-pages.deps';

/** `…/calendrier.ics`: the event as an iCalendar file. */
export async function eventIcs(
  deps: PublicPagesDeps,
  slugId: string,
  token: string | undefined,
  now = new Date(),
): Promise<FileResult> {
  const access = await resolveEvent(deps, slugId, token, '/calendrier.ics', now);
  if (access.kind !== 'open') return access;
  const { event } = access;
  const path = eventPublicPath(event);
  const host = new URL(deps.publicUrl).hostname;
  const body = icsFile({
    uid: `${event.id}@${host}`,
    title: event.title,
    description: event.description,
    location: `${event.address}, ${event.city}, ${event.country}`,
    url: absolute(deps, `${path}${!event.isPublic && token ? `?t=${encodeURIComponent(token)}` : ''}`),
    start: event.startDateTime,
    end: event.endDateTime,
    stamp: event.updatedAt,
    cancelled: event.status === 'cancelled',
    geo: event.latitude !== null && event.longitude !== null ? { latitude: event.latitude, longitude: event.longitude } : null,
  });
  return { kind: 'file', body, private: !event.isPublic };
}
