import { pageWindow } from '../../db/page-window';
import { pageWithNext } from '../../db/keyset';
import type { Cursor } from '@app/shared/common';
import { ANONYMOUS_VISITORS_PER_ADDRESS, anonymousVisitor } from '../../lib/visitor-key';
import { findUserById } from '../auth/auth.repository';
import {
  type Comment,
  MY_PARTICIPATIONS_PAGE_SIZE,
  type MyParticipationsQuery,
  type MyParticipationsResponse,
} from '@app/shared/community';
import type { Database } from '../../db/client';
import { displayName } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { type EventSight, eventSight, privilegedOver } from '../events/event-visibility';
import { eventPublicPath, participantPagePath } from '../events/event-paths';
import { uploadUrl } from '../uploads/uploads.storage';
import {
  bumpCounter,
  type CommentRow,
  type CommunityEvent,
  deleteComment,
  deleteLike,
  deleteLikeActivity,
  deleteParticipation,
  findComment,
  findCommunityEvent,
  insertComment,
  insertLike,
  insertParticipation,
  insertView,
  isLiking,
  isParticipating,
  listComments,
  listParticipationsOf,
  takeSeat,
} from './community.repository';
import { doualaDate } from '@app/shared/douala-time';
import { viewSourceOf } from '@app/shared/event-stats';
import { recordDailyFact, recordDailyView } from '../event-stats/event-stats.repository';
import { assertNotRemoved } from '../participants/participants.service';
import { tellOrganiser } from '../user-notifications/user-notifications.writes';
import { EVENT_NOT_FOUND } from '../events/event-access';

/*
 * Rules of the community. Only published events take part, comments, likes and
 * views; who sees an event is the events' rule (event-visibility: a draft is invisible, 404, to
 * anyone but its organiser and `manage_events`; a private event is open to them, to whoever holds
 * its share link and to its participants); a cancelled event answers 409. Blocked accounts never
 * get here: their sessions end when they are blocked and the access hook ignores their tokens (401).
 */

export interface CommunityDeps {
  db: Database;
}

const COMMENTS_TOO_DEEP = 'Page trop lointaine : faites défiler les commentaires pour lire les plus anciens';

/**
 * Whether the caller sees the event (event-visibility), a participation counting as the share link
 * it came with: it is read only for a private event the caller would not see otherwise.
 */
export async function eventSightFor(
  db: Database,
  actor: SessionUser | null,
  event: CommunityEvent,
  shareToken?: string,
): Promise<EventSight> {
  const standing = { privileged: privilegedOver(actor, event), token: shareToken };
  const sight = eventSight(event, standing);
  if (sight !== 'private' || !actor) return sight;
  return eventSight(event, { ...standing, participates: await isParticipating(db, event.id, actor.id) });
}

/** A draft the caller may not see (leaving and unliking look no further: they only undo). */
function hiddenDraft(actor: SessionUser, event: CommunityEvent): boolean {
  return eventSight(event, { privileged: privilegedOver(actor, event) }) === 'draft';
}

const PRIVATE = 'Cet événement est privé : son lien de partage est nécessaire';

/** The event, if this caller may act on it now; otherwise the refusal. */
async function loadOpenEvent(
  db: Database,
  actor: SessionUser | null,
  eventId: string,
  options: { shareToken?: string } = {},
): Promise<CommunityEvent> {
  const event = await findCommunityEvent(db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const sight = await eventSightFor(db, actor, event, options.shareToken);
  if (sight === 'draft') throw notFound(EVENT_NOT_FOUND);
  if (event.status === 'draft') throw new AppError('EVENT_NOT_PUBLISHED', 'Cet événement n’est pas encore publié');
  if (sight === 'private') throw new AppError('PRIVATE_EVENT', PRIVATE);
  if (event.status === 'cancelled') throw new AppError('EVENT_CANCELLED', 'Cet événement a été annulé');
  return event;
}

function quoted(title: string): string {
  return `« ${title.length > 80 ? `${title.slice(0, 79)}…` : title} »`;
}

// ─── taking part ─────────────────────────────────────────────────────────────────────────────

export const EVENT_FULL = 'Cet événement est complet';

/**
 * Joins an event once. The participation row, the seat (a conditional UPDATE of the counter)
 * and the activity are one transaction: when the seat is gone the row is rolled back.
 */
export async function joinEvent(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
  shareToken?: string,
): Promise<{ participating: true; participantsCount: number; joined: boolean }> {
  const event = await loadOpenEvent(deps.db, actor, eventId, { shareToken });
  // Someone the organiser removed does not come back (decision 044).
  await assertNotRemoved(deps.db, event.id, actor.id);
  return deps.db.transaction(async (tx) => {
    const joinedAt = await insertParticipation(tx, event.id, actor.id);
    if (!joinedAt) {
      const current = await findCommunityEvent(tx, event.id);
      return { participating: true as const, participantsCount: current?.participantsCount ?? 0, joined: false };
    }
    const count = await takeSeat(tx, event.id);
    if (count === null) {
      const current = await findCommunityEvent(tx, event.id);
      if (current?.status === 'published') throw new AppError('EVENT_FULL', EVENT_FULL);
      throw new AppError('EVENT_NOT_OPEN', 'Cet événement n’accepte plus de participants');
    }
    await recordDailyFact(tx, event.id, 'participants', joinedAt, 1);
    await recordWrite(tx, {
      activity: {
        userId: actor.id,
        type: 'event',
        eventId: event.id,
        description: `Participe à l’évènement ${quoted(event.title)}`,
      },
    });
    await tellOrganiser(tx, 'participant_joined', event, actor.id);
    return { participating: true as const, participantsCount: count, joined: true };
  });
}

/**
 * Whether the caller takes part (the 'Je participe' button of the public event page). A draft
 * or a private event the caller may not see is 404, as if it did not exist.
 */
export async function myParticipation(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
  shareToken?: string,
): Promise<{ participating: boolean; participantsCount: number }> {
  const event = await findCommunityEvent(deps.db, eventId);
  if (!event || (await eventSightFor(deps.db, actor, event, shareToken)) !== 'visible') throw notFound(EVENT_NOT_FOUND);
  return { participating: await isParticipating(deps.db, event.id, actor.id), participantsCount: event.participantsCount };
}

/** Withdraws, with its activity ('Ne participe plus à …'); withdrawing when not taking part changes nothing. */
export async function leaveEvent(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
): Promise<{ participating: false; participantsCount: number }> {
  const event = await findCommunityEvent(deps.db, eventId);
  if (!event || hiddenDraft(actor, event)) throw notFound(EVENT_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    const left = await deleteParticipation(tx, event.id, actor.id);
    // The feed says so: without it, joining again showed the same 'Participe à …' twice.
    if (left) {
      await recordWrite(tx, {
        activity: {
          userId: actor.id,
          type: 'event',
          eventId: event.id,
          description: `Ne participe plus à l’évènement ${quoted(event.title)}`,
        },
      });
    }
    const participantsCount = left
      ? await bumpCounter(tx, event.id, 'participantsCount', -1)
      : ((await findCommunityEvent(tx, event.id))?.participantsCount ?? 0);
    // After the event's row, as every write here: the same lock order, no deadlock (decision 040).
    if (left) await recordDailyFact(tx, event.id, 'participants', left, -1);
    return { participating: false as const, participantsCount };
  });
}

// ─── comments ────────────────────────────────────────────────────────────────────────────────

function commentView(
  comment: CommentRow,
  author: { authorFirstName: string; authorLastName: string; authorUsername: string | null; authorAvatar: string | null },
): Comment {
  const name = displayName({
    firstName: author.authorFirstName,
    lastName: author.authorLastName,
    username: author.authorUsername,
  });
  return {
    _id: comment.id,
    eventId: comment.eventId,
    text: comment.text,
    author: { _id: comment.userId, name, username: author.authorUsername, avatar: author.authorAvatar },
    createdAt: comment.createdAt.toISOString(),
  };
}

export async function addComment(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
  text: string,
  shareToken?: string,
): Promise<{ comment: Comment; commentsCount: number }> {
  const event = await loadOpenEvent(deps.db, actor, eventId, { shareToken });
  const { row, commentsCount } = await deps.db.transaction(async (tx) => {
    const row = await insertComment(tx, { eventId: event.id, userId: actor.id, text });
    const commentsCount = await bumpCounter(tx, event.id, 'commentsCount', 1);
    await recordDailyFact(tx, event.id, 'comments', row.createdAt, 1);
    await recordWrite(tx, {
      activity: {
        userId: actor.id,
        type: 'comment',
        eventId: event.id,
        commentId: row.id,
        description: `A commenté l’évènement ${quoted(event.title)}`,
      },
    });
    await tellOrganiser(tx, 'event_comment', event, actor.id);
    return { row, commentsCount };
  });
  const author = await findUserById(deps.db, actor.id);
  return {
    comment: commentView(row, {
      authorFirstName: author?.firstName ?? '',
      authorLastName: author?.lastName ?? '',
      authorUsername: author?.username ?? null,
      authorAvatar: author?.avatar ?? null,
    }),
    commentsCount,
  };
}

export async function listEventComments(
  deps: CommunityDeps,
  actor: SessionUser | null,
  eventId: string,
  query: { page: number; limit: number; after?: Cursor },
  shareToken?: string,
): Promise<{ items: Comment[]; total: number; next: string | null }> {
  // A page number goes no deeper than PAGE_DEPTH_MAX comments; the `next` cursor has no cap (decision 069).
  const window = pageWindow(query, COMMENTS_TOO_DEEP);
  const event = await findCommunityEvent(deps.db, eventId);
  if (!event) throw notFound(EVENT_NOT_FOUND);
  const sight = await eventSightFor(deps.db, actor, event, shareToken);
  if (sight === 'draft') throw notFound(EVENT_NOT_FOUND);
  if (sight === 'private') throw new AppError('PRIVATE_EVENT', PRIVATE);
  const read = await listComments(deps.db, event.id, { limit: window.limit + 1, offset: window.offset }, query.after);
  const { rows, next } = pageWithNext(read, window.limit, (row) => ({ micros: row.cursorKey, id: row.comment.id }));
  return { items: rows.map((row) => commentView(row.comment, row)), total: event.commentsCount, next };
}

const commentNotFound = () => notFound('Commentaire introuvable');

/**
 * The author, the event's organiser or `manage_events` deletes a comment; its activity goes with
 * it. A moderator (organiser or team) removing someone else's comment is audited, with what it said.
 * Anyone else gets the answer of an unknown comment (404), as on every organiser route (issue 26).
 */
export async function removeComment(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
  commentId: string,
): Promise<{ commentsCount: number }> {
  const comment = await findComment(deps.db, eventId, commentId);
  if (!comment) throw commentNotFound();
  // The event's organiser moderates its comments too (issue 27 item 6, decision 038).
  const byOrganiser = comment.userId !== actor.id && (await findCommunityEvent(deps.db, eventId))?.organizerId === actor.id;
  if (comment.userId !== actor.id && !actor.permissions.includes('manage_events') && !byOrganiser) throw commentNotFound();
  return deps.db.transaction(async (tx) => {
    if (!(await deleteComment(tx, comment.id))) throw commentNotFound();
    const commentsCount = await bumpCounter(tx, eventId, 'commentsCount', -1);
    await recordDailyFact(tx, eventId, 'comments', comment.createdAt, -1);
    if (comment.userId !== actor.id) {
      await recordWrite(tx, {
        audit: {
          actorId: actor.id,
          action: 'comment.remove',
          targetType: 'comment',
          targetId: comment.id,
          before: { eventId, authorId: comment.userId, text: comment.text },
          after: { moderator: byOrganiser ? 'organiser' : 'team' },
        },
      });
    }
    return { commentsCount };
  });
}

// ─── likes ───────────────────────────────────────────────────────────────────────────────────

export async function likeEvent(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
  shareToken?: string,
): Promise<{ likes: number }> {
  const event = await loadOpenEvent(deps.db, actor, eventId, { shareToken });
  return deps.db.transaction(async (tx) => {
    const likedAt = await insertLike(tx, event.id, actor.id);
    if (!likedAt) {
      return { likes: (await findCommunityEvent(tx, event.id))?.likesCount ?? 0 };
    }
    const likes = await bumpCounter(tx, event.id, 'likesCount', 1);
    await recordDailyFact(tx, event.id, 'likes', likedAt, 1);
    await recordWrite(tx, {
      activity: {
        userId: actor.id,
        type: 'like',
        eventId: event.id,
        description: `A aimé l’évènement ${quoted(event.title)}`,
      },
    });
    return { likes };
  });
}

/**
 * Whether the caller likes the event (the 'J’aime' button of the public event page), with the
 * count. As `myParticipation`: a draft or a private event the caller may not see is 404.
 */
export async function myLike(
  deps: CommunityDeps,
  actor: SessionUser,
  eventId: string,
  shareToken?: string,
): Promise<{ liked: boolean; likes: number }> {
  const event = await findCommunityEvent(deps.db, eventId);
  if (!event || (await eventSightFor(deps.db, actor, event, shareToken)) !== 'visible') throw notFound(EVENT_NOT_FOUND);
  return { liked: await isLiking(deps.db, event.id, actor.id), likes: event.likesCount };
}

export async function unlikeEvent(deps: CommunityDeps, actor: SessionUser, eventId: string): Promise<{ likes: number }> {
  const event = await findCommunityEvent(deps.db, eventId);
  if (!event || hiddenDraft(actor, event)) throw notFound(EVENT_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    const likedAt = await deleteLike(tx, event.id, actor.id);
    if (!likedAt) return { likes: event.likesCount };
    await deleteLikeActivity(tx, event.id, actor.id);
    const likes = await bumpCounter(tx, event.id, 'likesCount', -1);
    await recordDailyFact(tx, event.id, 'likes', likedAt, -1);
    return { likes };
  });
}

// ─── views ───────────────────────────────────────────────────────────────────────────────────

/**
 * Who viewed: a signed-in account by its id; an anonymous visitor by a hash of its address, its
 * user agent and the day, so nothing personal is stored and tomorrow's key differs
 * (docs/decisions/009). An anonymous key starts with its address part (`addressPrefix`): at most
 * ANONYMOUS_VISITORS_PER_ADDRESS of them count per event and day (decision 021).
 */
export function viewerKey(
  actor: SessionUser | null,
  client: { ip: string; userAgent: string },
  day: string,
): { key: string; addressPrefix: string | null } {
  if (actor) return { key: `u:${actor.id}`, addressPrefix: null };
  const visitor = anonymousVisitor(day, client.ip, client.userAgent);
  return { key: `a:${visitor.key}`, addressPrefix: `a:${visitor.addressPrefix}` };
}

/**
 * Counts a view at most once per viewer, event and day (anonymous: 10 per address); never the
 * organiser's. Every display goes into the day's statistics (`views`); a counted one is a visitor,
 * with its source (`?src=` of the shared link, else the page before: decision 040).
 */
export async function recordView(
  deps: CommunityDeps,
  actor: SessionUser | null,
  eventId: string,
  client: { ip: string; userAgent: string },
  shareToken?: string,
  now = new Date(),
  origin: { src?: string; from?: string; ownHost?: string | null } = {},
): Promise<{ counted: boolean; views: number }> {
  const event = await loadOpenEvent(deps.db, actor, eventId, { shareToken });
  if (actor && actor.id === event.organizerId) return { counted: false, views: event.viewsCount };
  const day = doualaDate(now);
  return deps.db.transaction(async (tx) => {
    if (!(await insertView(tx, event.id, viewerKey(actor, client, day), day, ANONYMOUS_VISITORS_PER_ADDRESS))) {
      await recordDailyView(tx, event.id, day, false);
      return { counted: false, views: (await findCommunityEvent(tx, event.id))?.viewsCount ?? 0 };
    }
    const views = await bumpCounter(tx, event.id, 'viewsCount', 1);
    await recordDailyView(tx, event.id, day, viewSourceOf(origin.src, origin.from, origin.ownHost ?? null));
    return { counted: true, views };
  });
}

/**
 * 'Mes participations': the caller's events, to come or over, with the addresses a participant may
 * open — a private event's page with its share link, since taking part already lets them see it.
 */
export async function myParticipations(
  deps: CommunityDeps,
  actor: SessionUser,
  query: MyParticipationsQuery,
  now = new Date(),
): Promise<MyParticipationsResponse> {
  const limit = MY_PARTICIPATIONS_PAGE_SIZE;
  const rows = await listParticipationsOf(deps.db, actor.id, query.period, now, pageWindow({ page: query.page, limit }));
  const items = rows.slice(0, limit).map((row) => {
    const link = row.isPublic ? '' : `?t=${encodeURIComponent(row.shareToken)}`;
    return {
      joinedAt: row.joinedAt.toISOString(),
      event: {
        _id: row.id,
        title: row.title,
        startDateTime: row.startDateTime.toISOString(),
        endDateTime: row.endDateTime.toISOString(),
        address: row.address,
        city: row.city,
        publicPath: participantPagePath(row),
        calendarPath: `${eventPublicPath(row)}/calendrier.ics${link}`,
        cancelled: row.status === 'cancelled',
        cover: row.cover ? { url: uploadUrl(row.cover.cardKey), width: row.cover.width, height: row.cover.height } : null,
      },
    };
  });
  return { items, page: query.page, hasMore: rows.length > limit };
}
