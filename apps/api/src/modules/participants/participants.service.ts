import { pageWindow } from '../../db/page-window';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { stringify as stringifyRecords } from 'csv-stringify/sync';
import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';
import {
  PARTICIPANT_NOT_FOUND,
  PARTICIPANTS_CSV_HEADER,
  PARTICIPANTS_PAGE_SIZE,
  type Participant,
  type ParticipantsPage,
  REMOVAL_NOT_FOUND,
  REMOVALS_PAGE_SIZE,
  type RemovalsPage,
  REMOVED_BY_ORGANISER,
} from '@app/shared/participants';
import type { Database } from '../../db/client';
import { displayName } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { bumpCounter } from '../community/community.repository';
import { recordDailyFact } from '../event-stats/event-stats.repository';
import { eventNotFound } from '../events/event-access';
import { slugify } from '../events/event-paths';
import type { NotificationService } from '../notifications/notifications.service';
import type { SettingsService } from '../settings/settings.service';
import { CSV_OPTIONS } from '../waitlist/waitlist.service';
import {
  countParticipants,
  countRemovals,
  deleteRemoval,
  estimateAccountsMatching,
  deleteParticipationOf,
  findContact,
  findParticipantsEvent,
  insertRemoval,
  iterateParticipants,
  listParticipants,
  listRemovals,
  type ParticipantRow,
  type ParticipantsEventRow,
  participationsWhere,
  wasRemoved,
} from './participants.repository';

/*
 * An event's participants for its organiser (issue 27 item 4, decision 044): the list with its
 * search, removing one (audited, the person told through the outbox, not allowed back until the
 * organiser lets them back, decision 058), and the CSV. Only the event's organiser: anyone else — another organiser, a door helper, `manage_events`
 * — gets 404 'Événement introuvable', as if the event did not exist (decision 040's rule).
 */

export interface ParticipantsDeps {
  db: Database;
  settings: Pick<SettingsService, 'get'>;
  notifications: Pick<NotificationService, 'queueEmail' | 'queueSms'>;
  log: FastifyBaseLogger;
}

export const SELF_REMOVAL = 'Pour ne plus participer vous-même, utilisez « Me retirer » dans Mes participations';

/** The event, when the caller is its organiser; otherwise 404. */
async function ownEvent(db: Database, actor: SessionUser, eventId: string): Promise<ParticipantsEventRow> {
  const event = await findParticipantsEvent(db, eventId);
  if (!event || event.organizerId === null || event.organizerId !== actor.id) throw eventNotFound();
  return event;
}

function participantView(row: ParticipantRow): Participant {
  return {
    userId: row.userId,
    name: displayName(row),
    username: row.username,
    avatar: row.avatar,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export async function listEventParticipants(
  deps: ParticipantsDeps,
  actor: SessionUser,
  eventId: string,
  query: { q: string; page: number },
): Promise<ParticipantsPage> {
  const event = await ownEvent(deps.db, actor, eventId);
  const limit = PARTICIPANTS_PAGE_SIZE;
  const page = pageWindow({ page: query.page, limit });
  const path = query.q && (await estimateAccountsMatching(deps.db, query.q)) < event.participantsCount ? 'accounts' : 'walk';
  const where = participationsWhere(event.id, query.q, path);
  const [rows, total] = await Promise.all([
    listParticipants(deps.db, event.id, where, page),
    query.q ? countParticipants(deps.db, where) : event.participantsCount,
  ]);
  return {
    event: {
      _id: event.id,
      title: event.title,
      status: event.status,
      participantsCount: event.participantsCount,
      maxParticipants: event.maxParticipants,
    },
    items: rows.map(participantView),
    total,
    page: query.page,
    pageSize: limit,
  };
}

function quoted(title: string): string {
  return `« ${title.length > 80 ? `${title.slice(0, 79)}…` : title} »`;
}

/**
 * Removes a participant: the participation, the event's counter and the day's figure move as when
 * they leave, the removal is remembered (no joining again) and audited `participant.remove`, all
 * in one transaction; then the person is told through the outbox (decision 018), in French.
 */
export async function removeParticipant(
  deps: ParticipantsDeps,
  actor: SessionUser,
  eventId: string,
  userId: string,
): Promise<{ participantsCount: number }> {
  const event = await ownEvent(deps.db, actor, eventId);
  if (userId === actor.id) throw new AppError('BAD_REQUEST', SELF_REMOVAL);
  const participantsCount = await deps.db.transaction(async (tx) => {
    const joinedAt = await deleteParticipationOf(tx, event.id, userId);
    if (!joinedAt) throw notFound(PARTICIPANT_NOT_FOUND);
    const count = await bumpCounter(tx, event.id, 'participantsCount', -1);
    // After the event's row, as every write of the roll-up: one lock order (decision 040).
    await recordDailyFact(tx, event.id, 'participants', joinedAt, -1);
    await insertRemoval(tx, event.id, userId, actor.id);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'participant.remove',
        targetType: 'event',
        targetId: event.id,
        before: { userId, joinedAt: joinedAt.toISOString() },
        after: { removed: true, participantsCount: count },
      },
    });
    return count;
  });
  await tellRemoved(deps, event, userId);
  return { participantsCount };
}

/** The removal, to the person: e-mail when they have one, else SMS; stored in the outbox, sent after the answer. */
async function tellRemoved(deps: ParticipantsDeps, event: ParticipantsEventRow, userId: string): Promise<void> {
  try {
    const contact = await findContact(deps.db, userId);
    if (!contact) return;
    const { siteName } = (await deps.settings.get()).general;
    const sentence = `Vous avez été retiré de l’évènement ${quoted(event.title)} par son organisateur.`;
    if (contact.email) {
      const greeting = contact.firstName ? `Bonjour ${contact.firstName},` : 'Bonjour,';
      await deps.notifications.queueEmail({
        to: contact.email,
        subject: `${siteName} : vous ne participez plus à ${quoted(event.title)}`,
        text: [greeting, '', sentence, 'Vous ne pouvez plus vous y inscrire.', '', `L’équipe ${siteName}`].join('\n'),
      });
    } else if (contact.phone) {
      await deps.notifications.queueSms({ to: contact.phone, text: `${siteName} : ${sentence}` });
    }
  } catch (error) {
    deps.log.warn({ err: error, eventId: event.id }, 'removal not stored for the participant');
  }
}

/** The people the organiser removed, most recently first (decision 058). */
export async function listEventRemovals(
  deps: Pick<ParticipantsDeps, 'db'>,
  actor: SessionUser,
  eventId: string,
  query: { page: number },
): Promise<RemovalsPage> {
  const event = await ownEvent(deps.db, actor, eventId);
  const limit = REMOVALS_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    listRemovals(deps.db, event.id, pageWindow({ page: query.page, limit })),
    countRemovals(deps.db, event.id),
  ]);
  return {
    items: rows.map((row) => ({
      userId: row.userId,
      name: displayName(row),
      username: row.username,
      avatar: row.avatar,
      removedAt: row.removedAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: limit,
  };
}

/**
 * Lets a removed person back (decision 058): the removal goes, audited `participant.readmit` in
 * the same transaction; they may join again themselves (nobody is added for them, and nobody is
 * told: it is the organiser's undoing of their own act).
 */
export async function readmitParticipant(
  deps: Pick<ParticipantsDeps, 'db'>,
  actor: SessionUser,
  eventId: string,
  userId: string,
): Promise<void> {
  const event = await ownEvent(deps.db, actor, eventId);
  await deps.db.transaction(async (tx) => {
    const removedAt = await deleteRemoval(tx, event.id, userId);
    if (!removedAt) throw notFound(REMOVAL_NOT_FOUND);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'participant.readmit',
        targetType: 'event',
        targetId: event.id,
        before: { userId, removedAt: removedAt.toISOString() },
        after: { removed: false },
      },
    });
  });
}

/** Refuses a join of someone the organiser removed (called by the community's `joinEvent`). */
export async function assertNotRemoved(db: Database, eventId: string, userId: string): Promise<void> {
  if (await wasRemoved(db, eventId, userId)) throw new AppError('REMOVED_BY_ORGANISER', REMOVED_BY_ORGANISER);
}

/** `participants-<slug>-<day>.csv`: ASCII only, from the event's title. */
export function csvFileName(title: string, now = new Date()): string {
  return `participants-${slugify(title)}-${now.toISOString().slice(0, 10)}.csv`;
}

const joinedAtFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: DOUALA_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'DD/MM/YYYY HH:MM' in Douala time, as the waiting list's CSV. */
export function csvDate(date: Date): string {
  return joinedAtFormat.format(date).replace(',', '');
}

/**
 * The event's participants as CSV (the waiting list's `CSV_OPTIONS`: UTF-8 with BOM, ';', CRLF,
 * no formula), newest first, streamed 1,000 rows at a time; no contact.
 */
export async function exportParticipantsCsv(
  deps: ParticipantsDeps,
  actor: SessionUser,
  eventId: string,
): Promise<{ fileName: string; body: Readable }> {
  const event = await ownEvent(deps.db, actor, eventId);
  async function* chunks() {
    yield stringifyRecords([[...PARTICIPANTS_CSV_HEADER]], CSV_OPTIONS);
    for await (const rows of iterateParticipants(deps.db, event.id)) {
      const records = rows.map((row) => [displayName(row), row.username ?? '', csvDate(row.joinedAt)]);
      yield stringifyRecords(records, { ...CSV_OPTIONS, bom: false });
    }
  }
  return { fileName: csvFileName(event.title), body: Readable.from(chunks(), { objectMode: false }) };
}
