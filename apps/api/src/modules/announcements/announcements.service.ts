import { pageWindow } from '../../db/page-window';
import {
  ANNOUNCEMENT_MESSAGES as M,
  ANNOUNCEMENT_SCHEDULE_MAX_DAYS,
  ANNOUNCEMENTS_PAGE_SIZE,
  ANNOUNCEMENTS_PER_DAY,
  type Announcement,
  type AnnouncementResponse,
  type AnnouncementsResponse,
  type CreateAnnouncementInput,
  containsLink,
} from '@app/shared/announcements';
import { DAY_MS } from '@app/shared/douala-time';
import type { Database, Executor } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { eventNotFound } from '../events/event-access';
import { participantPagePath } from '../events/event-paths';
import { notifyParticipants, queueToParticipants } from '../user-notifications/user-notifications.writes';
import {
  type AnnouncedEvent,
  type AnnouncementRow,
  cancelScheduled,
  countAudiences,
  countWrittenSince,
  findAnnouncedEvent,
  findAnnouncement,
  hasHeldAnEvent,
  insertAnnouncement,
  listAnnouncements,
  lockAuthor,
  markSent,
} from './announcements.repository';

/*
 * An organiser's announcements to their event's participants (issue 29, decision 067). Only the
 * event's organiser: anyone else gets 404 'Événement introuvable', as on the participants' screens.
 * Sending writes every participant's notification, their e-mails and pushes (by their choices)
 * and the announcement's `sent_at` in one transaction.
 */

export interface AnnouncementsDeps {
  db: Database;
  /** The site's address, for the event's page in the e-mail. */
  publicUrl: string;
}

async function ownEvent(db: Database, actor: SessionUser, eventId: string): Promise<AnnouncedEvent> {
  const event = await findAnnouncedEvent(db, eventId);
  if (!event || event.organizerId === null || event.organizerId !== actor.id) throw eventNotFound();
  return event;
}

function stateOf(row: AnnouncementRow): Announcement['state'] {
  if (row.cancelledAt) return 'cancelled';
  return row.sentAt ? 'sent' : 'scheduled';
}

function announcementView(row: AnnouncementRow): Announcement {
  return {
    _id: row.id,
    text: row.text,
    audience: row.audience,
    state: stateOf(row),
    sendAt: row.sendAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a participant reads by e-mail (plain text): who writes, the text, the event's page. */
function announcementEmail(event: AnnouncedEvent, text: string, publicUrl: string): { subject: string; text: string } {
  const site = publicUrl.replace(/\/+$/, '');
  return {
    subject: `Annonce : « ${event.title} »`,
    text: [
      'Bonjour,',
      '',
      `L’organisateur de « ${event.title} » écrit à ses participants :`,
      '',
      text,
      '',
      `La page de l’événement : ${site}${participantPagePath(event)}`,
      '',
      'Vous recevez ce message parce que vous participez à cet événement.',
      `Choisir vos notifications : ${site}/mon-compte/profil#notifications`,
    ].join('\n'),
  };
}

/** Tells the announcement's audience, in the caller's transaction, and marks it sent with their number. */
export async function deliverAnnouncement(
  tx: Executor,
  event: AnnouncedEvent,
  row: AnnouncementRow,
  publicUrl: string,
  now = new Date(),
): Promise<AnnouncementRow> {
  const kind = 'event_announcement';
  const audience = { eventId: event.id, kind, except: row.authorId, audience: row.audience } as const;
  const recipients = await notifyParticipants(tx, {
    ...audience,
    data: { eventTitle: event.title, message: row.text },
    now,
    tag: `${kind}:${row.id}`,
  });
  await queueToParticipants(tx, { ...audience, channel: 'email', ...announcementEmail(event, row.text, publicUrl) });
  return markSent(tx, row.id, recipients);
}

/** The organiser's allowance: how many in 24 hours, and whether links are allowed yet. */
async function allowanceOf(db: Executor, organizerId: string, now: Date) {
  const seasoned = await hasHeldAnEvent(db, organizerId);
  const perDay = seasoned ? ANNOUNCEMENTS_PER_DAY.organiser : ANNOUNCEMENTS_PER_DAY.newOrganiser;
  const used = await countWrittenSince(db, organizerId, new Date(now.getTime() - DAY_MS));
  return { used, perDay, linksAllowed: seasoned };
}

export async function listEventAnnouncements(
  deps: AnnouncementsDeps,
  actor: SessionUser,
  eventId: string,
  page: number,
): Promise<AnnouncementsResponse> {
  const event = await ownEvent(deps.db, actor, eventId);
  const limit = ANNOUNCEMENTS_PAGE_SIZE;
  const rows = await listAnnouncements(deps.db, event.id, pageWindow({ page, limit }));
  const counts = await countAudiences(deps.db, event.id);
  const allowance = await allowanceOf(deps.db, actor.id, new Date());
  return {
    event: { _id: event.id, title: event.title, status: event.status, cancelled: event.status === 'cancelled' },
    items: rows.slice(0, limit).map(announcementView),
    hasMore: rows.length > limit,
    audienceCounts: { all: counts.all, admitted: counts.admitted, not_admitted: counts.all - counts.admitted },
    allowance,
  };
}

/**
 * Writes an announcement: sent at once (refused when it reaches nobody), or scheduled for
 * `sendAt` (the job sends it). Refused: a cancelled event, a time past or too far, a link from a
 * new organiser, the 24-hour allowance used up.
 */
export async function createAnnouncement(
  deps: AnnouncementsDeps,
  actor: SessionUser,
  eventId: string,
  input: CreateAnnouncementInput,
): Promise<AnnouncementResponse> {
  const event = await ownEvent(deps.db, actor, eventId);
  if (event.status === 'cancelled') throw new AppError('EVENT_CANCELLED', M.eventCancelled);
  const now = new Date();
  const sendAt = input.sendAt ? new Date(input.sendAt) : null;
  if (sendAt && sendAt <= now) throw fieldError('sendAt', M.sendAtPast);
  if (sendAt && sendAt.getTime() > now.getTime() + ANNOUNCEMENT_SCHEDULE_MAX_DAYS * DAY_MS) {
    throw fieldError('sendAt', M.sendAtTooFar);
  }
  const text = input.text.trim();
  return deps.db.transaction(async (tx) => {
    await lockAuthor(tx, actor.id);
    const allowance = await allowanceOf(tx, actor.id, now);
    if (!allowance.linksAllowed && containsLink(text)) throw fieldError('text', M.noLinks);
    if (allowance.used >= allowance.perDay) throw new AppError('RATE_LIMITED', M.dailyCap(allowance.perDay));
    const row = await insertAnnouncement(tx, {
      eventId: event.id,
      authorId: actor.id,
      audience: input.audience ?? 'all',
      text,
      sendAt: sendAt ?? now,
    });
    if (sendAt) return { message: M.scheduled, announcement: announcementView(row) };
    const sent = await deliverAnnouncement(tx, event, row, deps.publicUrl, now);
    // Rolled back: nothing stored, nothing counted against the allowance.
    if (sent.recipients === 0) throw new AppError('CONFLICT', M.noRecipients);
    return { message: M.sent, announcement: announcementView(sent) };
  });
}

/** Cancels a scheduled announcement; one already sent answers 409, an unknown one 404. */
export async function cancelAnnouncement(
  deps: AnnouncementsDeps,
  actor: SessionUser,
  eventId: string,
  announcementId: string,
): Promise<AnnouncementResponse> {
  const event = await ownEvent(deps.db, actor, eventId);
  const cancelled = await cancelScheduled(deps.db, event.id, announcementId);
  if (cancelled) return { message: M.cancelled, announcement: announcementView(cancelled) };
  const existing = await findAnnouncement(deps.db, event.id, announcementId);
  if (!existing) throw notFound(M.notFound);
  if (existing.sentAt) throw new AppError('CONFLICT', M.alreadySent);
  return { message: M.cancelled, announcement: announcementView(existing) };
}
