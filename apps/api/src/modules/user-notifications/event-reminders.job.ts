import { DAY_MS, DOUALA_OFFSET_MS, doualaDayRange } from '@app/shared/douala-time';
import type { UserNotificationKind } from '@app/shared/notification-kinds';
import { and, eq, gt, gte, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { eventRemindersSent, events } from '../../db/schema/index';
import { frenchDateTime } from '../public-pages/format';
import { participantPagePath } from '../events/event-paths';
import type { EventRow } from '../events/events.repository';
import { notifyParticipants, queueToParticipants } from './user-notifications.writes';

type ReminderEvent = Pick<EventRow, 'title' | 'startDateTime' | 'address' | 'city' | 'shortId' | 'isPublic' | 'shareToken'>;

/*
 * Reminders before an event one takes part in (issue 29, decision 060): the day before from 09:00
 * Douala time ('Demain : …', also by e-mail unless turned off), and two hours before ('Bientôt :
 * …'). An event's reminder of a kind is written with the row that says it was sent, in one
 * transaction, so it goes out once even when several instances run this job; a new start forgets
 * those rows (event-writes.ts), so the event is reminded again before it.
 */

/** The day-before reminders wait for the morning: people are not woken by them. */
const DAY_BEFORE_FROM_HOUR = 9;
const SOON_WITHIN_MS = 2 * 3_600_000;
/** Events reminded per transaction, and transactions per run (a busy day takes a few runs). */
const BATCH = 100;
const BATCHES_PER_RUN = 10;

export interface RemindersDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** The site's address, for the page in the e-mail. */
  publicUrl: string;
}

/** The window of starts each reminder covers at `now`, or null when it is not time for it. */
function reminderWindow(kind: 'event_reminder_day' | 'event_reminder_soon', now: Date): { from: Date; to: Date } | null {
  if (kind === 'event_reminder_soon') return { from: now, to: new Date(now.getTime() + SOON_WITHIN_MS) };
  const doualaHour = new Date(now.getTime() + DOUALA_OFFSET_MS).getUTCHours();
  if (doualaHour < DAY_BEFORE_FROM_HOUR) return null;
  return doualaDayRange(now.getTime() + DAY_MS);
}

/** The day-before e-mail (plain text): when, where, the page. */
function dayBeforeEmail(event: ReminderEvent, publicUrl: string): { subject: string; text: string } {
  const site = publicUrl.replace(/\/+$/, '');
  return {
    subject: `Rappel : « ${event.title} » demain`,
    text: [
      'Bonjour,',
      '',
      `L’événement « ${event.title} » a lieu demain : ${frenchDateTime(event.startDateTime)}, ${event.address}, ${event.city}.`,
      '',
      `Sa page : ${site}${participantPagePath(event)}`,
      '',
      'Vous recevez ce message parce que vous participez à cet événement.',
      `Choisir vos notifications : ${site}/mon-compte/profil#notifications`,
    ].join('\n'),
  };
}

/**
 * One batch in one transaction: claims up to BATCH due events by writing their `event_reminders_sent`
 * rows (the primary key lets one instance claim each; the events' rows are not locked, so joins and
 * comments never wait for the job), then notifies their participants.
 */
async function remindBatch(
  deps: RemindersDeps,
  kind: 'event_reminder_day' | 'event_reminder_soon',
  window: { from: Date; to: Date },
  now: Date,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(eventRemindersSent)
      .select(
        tx
          .select({ eventId: events.id, kind: sql`${kind}::user_notification_kind`.as('kind'), sentAt: sql`now()`.as('sent_at') })
          .from(events)
          .where(
            and(
              eq(events.status, 'published'),
              kind === 'event_reminder_soon' ? gt(events.startDateTime, window.from) : gte(events.startDateTime, window.from),
              kind === 'event_reminder_soon' ? lte(events.startDateTime, window.to) : lt(events.startDateTime, window.to),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(eventRemindersSent)
                  .where(and(eq(eventRemindersSent.eventId, events.id), eq(eventRemindersSent.kind, kind))),
              ),
            ),
          )
          .orderBy(events.startDateTime)
          .limit(BATCH),
      )
      .onConflictDoNothing()
      .returning({ eventId: eventRemindersSent.eventId });
    if (claimed.length === 0) return 0;
    const due = await tx
      .select({
        id: events.id,
        title: events.title,
        startDateTime: events.startDateTime,
        address: events.address,
        city: events.city,
        shortId: events.shortId,
        isPublic: events.isPublic,
        shareToken: events.shareToken,
      })
      .from(events)
      .where(
        inArray(
          events.id,
          claimed.map((row) => row.eventId),
        ),
      );
    for (const event of due) {
      await notifyParticipants(tx, {
        eventId: event.id,
        kind: kind as UserNotificationKind,
        data: {
          eventTitle: event.title,
          startDateTime: event.startDateTime.toISOString(),
          address: event.address,
          city: event.city,
        },
        now,
      });
      if (kind !== 'event_reminder_day') continue;
      const mail = dayBeforeEmail(event, deps.publicUrl);
      await queueToParticipants(tx, { eventId: event.id, kind, channel: 'email', ...mail });
    }
    return claimed.length;
  });
}

/** One run: the reminders now due, each kind in batches. Answers how many events were reminded. */
export async function sendEventReminders(deps: RemindersDeps, now = new Date()): Promise<number> {
  let reminded = 0;
  try {
    for (const kind of ['event_reminder_soon', 'event_reminder_day'] as const) {
      const window = reminderWindow(kind, now);
      if (!window) continue;
      for (let batch = 0; batch < BATCHES_PER_RUN; batch += 1) {
        const count = await remindBatch(deps, kind, window, now);
        reminded += count;
        if (count < BATCH) break;
      }
    }
  } catch (error) {
    deps.log.warn({ err: error }, 'event reminders not sent; tried again at the next run');
  }
  return reminded;
}
