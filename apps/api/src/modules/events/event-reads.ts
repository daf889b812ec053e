import { pageWindow } from '../../db/page-window';
import { doualaDayRange } from '@app/shared/douala-time';
import type { EventDetail, EventSummary, listEventsQuerySchema } from '@app/shared/events';
import type { z } from 'zod';
import { permissionMissing } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { eventNotFound, managementRefusal } from './event-access';
import { customisationShown, customisationView } from './event-customisation';
import type { EventsDeps } from './events-deps-of';
import { type EventListFilter, type EventWithCreator, findEvent, findEventParts, listEvents } from './events.repository';
import { baseView, detailView, imageView } from './event-views';
import { eventSight, listVisibility, managesEvents } from './event-visibility';

/*
 * Reading events: the list (`GET /events`) and one event (`GET /events/{id}`). The list shows
 * anonymous callers and non-managers the published public events (or, with `mine=true`, the
 * caller's own events); one event is readable by anyone unless it is a draft, which only its
 * organiser and managers see, or private, which also needs its share token (decision 032).
 */

const PAGE_TOO_DEEP = 'Page trop lointaine : affinez la recherche ou les filtres pour voir ces événements';

type ListQuery = z.output<typeof listEventsQuerySchema>;

function dateFilter(kind: ListQuery['date'], now: Date): EventListFilter['date'] {
  if (kind === 'today') return { kind, ...doualaDayRange(now) };
  if (kind === 'upcoming' || kind === 'past') return { kind, now };
  return { kind: 'all' };
}

export async function listEventsFor(
  deps: EventsDeps,
  actor: SessionUser | null,
  query: ListQuery,
): Promise<{ items: EventSummary[]; total: number; next: string | null }> {
  const visibility = listVisibility(actor, query);
  // The 'À approuver' queue is the event managers' (issue 25 item 11).
  if (query.approval && !managesEvents(actor)) throw permissionMissing();
  const approval = query.approval ? ((await deps.settings.get()).events.requireApproval ? 'pending' : 'closed') : undefined;
  const window = pageWindow(query, PAGE_TOO_DEEP);
  const { rows, covers, total, next } = await listEvents(
    deps.db,
    {
      q: query.q,
      status: query.status,
      category: query.category,
      date: dateFilter(query.date, new Date()),
      visibility,
      approval,
      after: query.after,
    },
    window,
  );
  return {
    items: rows.map((row) => {
      const cover = covers.get(row.id);
      return { ...baseView(row), cover: cover ? imageView(cover) : null };
    }),
    total,
    next,
  };
}

/** The detail; the share link only to whoever manages the event. */
export async function loadDetail(deps: EventsDeps, row: EventWithCreator, manages: boolean): Promise<EventDetail> {
  const [{ ticketTypes, images }, shown] = await Promise.all([findEventParts(deps.db, row.id), customisationShown(deps.db, row)]);
  const customisation = customisationView(row, shown, deps.publicUrl);
  return detailView(row, ticketTypes, images, manages ? deps.publicUrl : null, customisation);
}

/** The detail of an event just written, read again (with its creator's name) for the answer. */
export async function loadWrittenDetail(deps: EventsDeps, id: string): Promise<EventDetail> {
  const row = await findEvent(deps.db, id);
  if (!row) throw eventNotFound();
  return loadDetail(deps, row, true);
}

/**
 * One event. A draft only for its organiser and managers; a private event also for whoever holds
 * its share token (`shareToken`); otherwise 404, as if it did not exist.
 */
export async function getEventFor(
  deps: EventsDeps,
  actor: SessionUser | null,
  id: string,
  shareToken?: string,
): Promise<EventDetail> {
  const row = await findEvent(deps.db, id);
  if (!row) throw eventNotFound();
  const privileged = (await managementRefusal(deps, actor, row)) === null;
  if (eventSight(row, { privileged, token: shareToken }) !== 'visible') throw eventNotFound();
  return loadDetail(deps, row, privileged);
}
