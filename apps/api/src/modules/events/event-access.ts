import { AppError, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { partnerRefusal } from '../partners/partners.service';
import type { EventsDeps } from './events-deps-of';
import { type EventRow, type EventWithCreator, findEvent } from './events.repository';
import { managesEvents } from './event-visibility';

/*
 * Who may change an event. `manage_events` reads and manages every event. Any signed-in account
 * creates events (the mobile app's organisers) and edits, deletes, publishes or cancels only its
 * own; with `settings.events.requireApproval` only `manage_events` publishes. Who may see an event
 * is event-visibility.ts (decision 032).
 */

export const EVENT_NOT_FOUND = 'Événement introuvable';
const CANCELLED_FROZEN = 'Un événement annulé ne peut plus être modifié : rouvrez-le, il repasse en brouillon';

/** 404 'Événement introuvable': an unknown event, or one the caller may not know about. */
export const eventNotFound = () => notFound(EVENT_NOT_FOUND);

/**
 * A cancelled event is frozen (issue 24, decision 023): its page stays public 30 days as it was
 * when cancelled; to change it, it is reopened, back to draft, and published again (with
 * `requireApproval`, by the team).
 */
export const cancelledFrozen = () => new AppError('EVENT_CANCELLED', CANCELLED_FROZEN);
export function refuseIfCancelled(row: EventRow): void {
  if (row.status === 'cancelled') throw cancelledFrozen();
}

/**
 * Why the actor may not manage this event (change, publish, cancel, delete, images, share link),
 * or null: event managers manage all; an organiser their own, and a partner's event only while
 * they still act for that partner (one partner check, `partnerRefusal`: a removed user or a
 * blocked partner stops at once, issue 24 finding 5, 403). Someone else's event, whatever its
 * status, answers exactly as an unknown id (404 'Événement introuvable'): a write route never
 * tells that an event exists (issue 26).
 */
export async function managementRefusal(deps: EventsDeps, actor: SessionUser | null, row: EventRow): Promise<AppError | null> {
  if (managesEvents(actor)) return null;
  if (!actor || row.organizerId !== actor.id) return eventNotFound();
  return row.partnerId ? partnerRefusal(deps.db, actor.id, row.partnerId) : null;
}

/**
 * The event, if the actor may change it (every write route goes through here): 404 when unknown
 * or someone else's, 403 when it is a partner's the actor no longer acts for.
 */
export async function loadManaged(deps: EventsDeps, actor: SessionUser, id: string): Promise<EventWithCreator> {
  const row = await findEvent(deps.db, id);
  if (!row) throw eventNotFound();
  const refusal = await managementRefusal(deps, actor, row);
  if (refusal) throw refusal;
  return row;
}
