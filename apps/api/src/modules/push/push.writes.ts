import { type SQL, sql } from 'drizzle-orm';
import { quietHoursEnd, type UserNotificationKind } from '@app/shared/notification-kinds';
import { PUSH_TITLES, type PushPayload } from '@app/shared/push';
import { DEFAULT_SETTINGS } from '@app/shared/settings';
import { notificationText, type UserNotificationData } from '@app/shared/user-notifications';
import type { Executor } from '../../db/client';
import { channelOn } from '../user-notifications/notification-preferences';

/** A push's body is cut here: the whole encrypted message must stay under the push services' 4 KB. */
const BODY_MAX_CHARS = 400;
/** Where a notification without a link leads. */
const NOTIFICATIONS_PATH = '/mon-compte/notifications';

/** SQL: the team's 'Notifications push' setting (`app_settings`), read in the statement that queues. */
const PUSH_SETTING_ON = sql.raw(
  `coalesce((select (a.data->'notifications'->>'pushNotifications')::boolean from app_settings a where a.id = 1), ${DEFAULT_SETTINGS.notifications.pushNotifications})`,
);

/** What the phone shows: the kind's title, the notification's sentence (French: no language is known outside a request). */
export function pushPayload(
  notification: { kind: UserNotificationKind; data: UserNotificationData; count: number },
  link: string | null,
  tag: string,
): PushPayload {
  const text = notificationText(notification, 'fr');
  return {
    title: PUSH_TITLES[notification.kind],
    body: text.length > BODY_MAX_CHARS ? `${text.slice(0, BODY_MAX_CHARS - 1)}…` : text,
    url: link ?? NOTIFICATIONS_PATH,
    tag,
    kind: notification.kind,
  };
}

/**
 * When a push queued `now` leaves: in the quiet hours (22:00–07:00 Douala), at 07:00, unless that
 * is too late — a cancellation, or an event that starts before.
 */
export function pushSendAt(kind: UserNotificationKind, startDateTime: string | undefined, now = new Date()): Date {
  const quietEnd = kind === 'event_cancelled' ? null : quietHoursEnd(now);
  const start = startDateTime ? new Date(startDateTime) : null;
  return quietEnd && (!start || quietEnd < start) ? quietEnd : now;
}

/**
 * Queues `payload` in the outbox once per device of each account `userIds` selects (SQL, a select
 * of one uuid column), in one statement: only while the team's setting is on, never to a blocked
 * account, and to those who did not turn push off for `kind` (decision 061). A push's recipient
 * is its subscription's id.
 */
export async function queuePush(
  tx: Executor,
  push: { userIds: SQL; kind: UserNotificationKind; payload: PushPayload; sendAt: Date },
): Promise<void> {
  await tx.execute(sql`
    insert into outbound_messages (channel, recipient, subject, text, next_attempt_at)
    select 'push'::message_channel, s.id::text, '', ${JSON.stringify(push.payload)}, ${push.sendAt.toISOString()}::timestamptz
    from push_subscriptions s join users u on u.id = s.user_id
    where s.user_id in (${push.userIds}) and not u.is_blocked and ${PUSH_SETTING_ON}
      and ${channelOn(sql`s.user_id`, push.kind, 'push')}`);
}
