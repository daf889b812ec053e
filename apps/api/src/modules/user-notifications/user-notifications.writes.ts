import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { NotificationChannel, UserNotificationKind } from '@app/shared/notification-kinds';
import type { UserNotificationData } from '@app/shared/user-notifications';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  eventParticipations,
  eventRemindersSent,
  events,
  GATHERED_KINDS_SQL,
  userNotifications,
  users,
} from '../../db/schema/index';
import { displayName } from '../../lib/display-name';
import { noteNotified } from '../../plugins/realtime';
import { pushPayload, pushSendAt, queuePush } from '../push/push.writes';
import { type LinkEvent, notificationLink } from './notification-link';
import { channelOn } from './notification-preferences';

/*
 * The only writers of `user_notifications` (decision 060). Each runs in the transaction of what
 * it tells, so a notification exists exactly when its cause was committed; its pushes to the
 * person's devices are queued in the same transaction (decision 062).
 */

/** One notification to one person. */
export async function notifyUser(
  tx: Executor,
  notification: { userId: string; kind: UserNotificationKind; eventId?: string | null; data: UserNotificationData },
): Promise<void> {
  const { userId, kind, data } = notification;
  const eventId = notification.eventId ?? null;
  const [row] = await tx
    .insert(userNotifications)
    .values({ userId, kind, eventId, data })
    .returning({ id: userNotifications.id });
  if (!row) throw new Error('notification not stored');
  const event = eventId ? await linkEventOf(tx, eventId) : null;
  const participates = eventId !== null && event !== null && (await takesPart(tx, eventId, userId));
  await queuePush(tx, {
    userIds: sql`select ${userId}::uuid`,
    kind,
    payload: pushPayload({ kind, data, count: 1 }, notificationLink({ kind, eventId }, event, participates), row.id),
    sendAt: pushSendAt(kind, data.startDateTime),
  });
  noteNotified([notification.userId]);
}

/** What a notification's link needs of its event; null when it is gone. */
async function linkEventOf(tx: Executor, eventId: string): Promise<LinkEvent | null> {
  const [event] = await tx
    .select({ title: events.title, shortId: events.shortId, isPublic: events.isPublic, shareToken: events.shareToken })
    .from(events)
    .where(eq(events.id, eventId));
  return event ?? null;
}

async function takesPart(tx: Executor, eventId: string, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: eventParticipations.userId })
    .from(eventParticipations)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)));
  return row !== undefined;
}

/** Which of an event's participants: all, those admitted at the door, those not admitted yet. */
export type ParticipantsAudience = 'all' | 'admitted' | 'not_admitted';

/**
 * The same notification to every participant of an event (never a blocked account), or to the
 * `audience` among them, in one statement whatever their number; not to `except` (who made the
 * change). Its pushes are held by the quiet hours of `now`. Answers how many were told.
 */
export async function notifyParticipants(
  tx: Executor,
  notice: {
    eventId: string;
    kind: UserNotificationKind;
    data: UserNotificationData;
    except?: string | null;
    now?: Date;
    audience?: ParticipantsAudience;
    /** The push's tag: a later push with the same tag replaces it on the phone (default: one per kind and event). */
    tag?: string;
  },
): Promise<number> {
  const { eventId, kind, data } = notice;
  const who = participantsToTell(eventId, notice.except ?? null, notice.audience);
  const told = await tx.execute(sql`
    insert into user_notifications (user_id, kind, event_id, data)
    select p.user_id, ${kind}::user_notification_kind, p.event_id, ${JSON.stringify(data)}::jsonb
    from ${who}
    returning user_id`);
  const userIds = rowsOf<{ user_id: string }>(told).map((row) => row.user_id);
  noteNotified(userIds);
  const link = notificationLink({ kind, eventId }, await linkEventOf(tx, eventId), true);
  await queuePush(tx, {
    userIds: sql`select p.user_id from ${who}`,
    kind,
    payload: pushPayload({ kind, data, count: 1 }, link, notice.tag ?? `${kind}:${eventId}`),
    sendAt: pushSendAt(kind, data.startDateTime, notice.now),
  });
  return userIds.length;
}

/**
 * SQL from `from` on: an event's participations `p` and accounts `u` that may be told (not
 * blocked, not `except`), of `audience` (admitted: their ticket has a first admission).
 */
function participantsToTell(eventId: string, except: string | null, audience: ParticipantsAudience = 'all'): SQL {
  const admitted = sql`exists (select 1 from check_in_admissions a where a.event_id = p.event_id and a.ticket_id = p.ticket_id)`;
  const ofAudience =
    audience === 'admitted' ? sql` and ${admitted}` : audience === 'not_admitted' ? sql` and not ${admitted}` : sql``;
  return sql`event_participations p join users u on u.id = p.user_id
    where p.event_id = ${eventId} and not u.is_blocked and p.user_id is distinct from ${except}::uuid${ofAudience}`;
}

/**
 * Queues one e-mail or SMS in the outbox to every participant who may be told and kept `channel`
 * on for `kind` (decision 061), in one statement; sent from `sendAt` (default now).
 */
export async function queueToParticipants(
  tx: Executor,
  message: {
    eventId: string;
    kind: UserNotificationKind;
    channel: NotificationChannel;
    subject: string;
    text: string;
    except?: string | null;
    sendAt?: Date;
    audience?: ParticipantsAudience;
  },
): Promise<void> {
  const contact = message.channel === 'email' ? sql`u.email` : sql`u.phone`;
  const sendAt = (message.sendAt ?? new Date()).toISOString();
  await tx.execute(sql`
    insert into outbound_messages (channel, recipient, subject, text, next_attempt_at)
    select ${message.channel}::message_channel, ${contact}, ${message.subject}, ${message.text}, ${sendAt}::timestamptz
    from ${participantsToTell(message.eventId, message.except ?? null, message.audience)}
      and ${contact} is not null and ${channelOn(sql`u.id`, message.kind, message.channel)}`);
}

/** An event that moves to another start is reminded again before its new start. */
export async function forgetReminders(tx: Executor, eventId: string): Promise<void> {
  await tx.delete(eventRemindersSent).where(eq(eventRemindersSent.eventId, eventId));
}

/**
 * Someone joined or commented on an event: its organiser's unread notification of that kind for
 * that event counts one more and names the latest person; a new one when none is unread.
 */
async function notifyGathered(
  tx: Executor,
  notification: {
    userId: string;
    kind: 'participant_joined' | 'event_comment';
    eventId: string;
    data: UserNotificationData;
  },
): Promise<void> {
  const { userId, kind, eventId } = notification;
  const [row] = await tx
    .insert(userNotifications)
    .values({ userId, kind, eventId, data: notification.data })
    .onConflictDoUpdate({
      target: [userNotifications.userId, userNotifications.eventId, userNotifications.kind],
      targetWhere: sql`read_at is null and kind = any(${GATHERED_KINDS_SQL})`,
      set: { count: sql`${userNotifications.count} + 1`, data: sql`excluded.data`, createdAt: sql`now()` },
    })
    .returning({ id: userNotifications.id, count: userNotifications.count });
  if (!row) return;
  noteNotified([userId]);
  const link = notificationLink({ kind, eventId }, await linkEventOf(tx, eventId), false);
  await queuePush(tx, {
    userIds: sql`select ${userId}::uuid`,
    kind,
    // The same tag as the gathered notification's earlier pushes: the phone shows the latest count in their place.
    payload: pushPayload({ kind, data: notification.data, count: row.count }, link, row.id),
    sendAt: pushSendAt(kind, undefined),
  });
}

/**
 * Tells an event's organiser that someone joined or commented (gathered, see {@link notifyGathered}),
 * unless the organiser did it themself or the event has none.
 */
export async function tellOrganiser(
  tx: Executor,
  kind: 'participant_joined' | 'event_comment',
  event: { id: string; title: string; organizerId: string | null },
  actorId: string,
): Promise<void> {
  if (!event.organizerId || event.organizerId === actorId) return;
  const [actor] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(users)
    .where(eq(users.id, actorId));
  await notifyGathered(tx, {
    userId: event.organizerId,
    kind,
    eventId: event.id,
    data: { eventTitle: event.title, actorName: actor ? displayName(actor) : undefined },
  });
}
