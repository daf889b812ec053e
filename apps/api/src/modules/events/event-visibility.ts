import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import type { EventStatus } from '@app/shared/events';
import type { Permission } from '@app/shared/permissions';
import { events } from '../../db/schema/index';

/*
 * Who may see an event: the one rule of the events API, the community (taking part, comments,
 * likes, views), reports and the public pages (docs/decisions/032 has the table).
 *
 * - A draft: only its organiser and event managers (`manage_events`; the superadmin and the
 *   validated administrators given it hold it through their permissions). Anyone else: as if it
 *   did not exist.
 * - A private event: also whoever holds its current share token, and whoever already takes part
 *   (they came in with the link; the community counts them).
 * - Published and cancelled public events: everyone. What may be done with a cancelled one (nothing
 *   in the community, its page for 30 days) is each feature's rule, not who sees it.
 * - Lists: the public ones show published public events only; an organiser lists their own
 *   events, event managers every event.
 */

/** The caller of a request, as far as seeing events goes (null: anonymous). */
export type Viewer = { id: string; permissions: readonly Permission[] } | null;

/** What of an event decides who sees it. */
export interface EventFacts {
  status: EventStatus;
  isPublic: boolean;
  organizerId: string | null;
  shareToken: string;
}

/** How the caller stands towards one event. */
export interface Standing {
  /**
   * Its organiser or an event manager (`privilegedOver`). The events API narrows it: an organiser
   * who no longer acts for the event's partner is not privileged there.
   */
  privileged: boolean;
  /** The share token the caller came with (`t` or `shareToken`), if any. */
  token?: string | null;
  /** The caller takes part already (a private event stays open to its participants). */
  participates?: boolean;
}

/** Visible, or why not: a draft of someone else, or a private event without its link. */
export type EventSight = 'visible' | 'draft' | 'private';

/** Reads and manages every event: `manage_events`. */
export function managesEvents(viewer: Viewer): boolean {
  return viewer?.permissions.includes('manage_events') ?? false;
}

/** The event's organiser or an event manager. */
export function privilegedOver(viewer: Viewer, event: Pick<EventFacts, 'organizerId'>): boolean {
  return !!viewer && (event.organizerId === viewer.id || managesEvents(viewer));
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether `given` is the event's current share token: constant time; false when none is given. */
export function holdsShareToken(current: string, given: string | null | undefined): boolean {
  return !!given && timingSafeEqual(digest(current), digest(given));
}

/**
 * Who sees this event (pure): the draft rule first, then the private one. The public pages ask it
 * with `privileged: false`, so a draft's page never opens, not even for its organiser.
 */
export function eventSight(event: Omit<EventFacts, 'organizerId'>, standing: Standing): EventSight {
  if (event.status === 'draft' && !standing.privileged) return 'draft';
  if (event.isPublic || standing.privileged || standing.participates) return 'visible';
  return holdsShareToken(event.shareToken, standing.token) ? 'visible' : 'private';
}

// ─── lists ───────────────────────────────────────────────────────────────────────────────────

/** Which events a list shows: everything, one organiser's events, or the published public ones. */
export type ListVisibility = { kind: 'all' } | { kind: 'organizer'; organizerId: string } | { kind: 'public' };

/** The actor's own events (`mine`), every event (event managers), or the public agenda. */
export function listVisibility(viewer: Viewer, query: { mine?: boolean }): ListVisibility {
  if (query.mine && viewer) return { kind: 'organizer', organizerId: viewer.id };
  return managesEvents(viewer) ? { kind: 'all' } : { kind: 'public' };
}

/**
 * The events every public list shows (agenda, landing page, sitemap, the API's anonymous list):
 * published and public. The partial indexes of the schema (`publicEvent`) say the same.
 */
export const publiclyListed: SQL = and(eq(events.status, 'published'), eq(events.isPublic, true)) as SQL;

/** The SQL condition of a list's visibility (undefined: no condition). */
export function listCondition(visibility: ListVisibility): SQL | undefined {
  if (visibility.kind === 'all') return undefined;
  if (visibility.kind === 'organizer') return eq(events.organizerId, visibility.organizerId);
  return publiclyListed;
}
