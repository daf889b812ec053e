import { CHANNELS_OF, type NotificationChannel, QUIET_HOURS, type UserNotificationKind } from '@app/shared/notification-kinds';
import type { NotificationPreference, NotificationPreferencesResponse } from '@app/shared/user-notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notificationOptOuts } from '../../db/schema/index';

/*
 * Who hears of what, and how (decision 061): every channel a kind offers (CHANNELS_OF) is on until
 * the person turns it off; a turned-off channel is a row of `notification_opt_outs`.
 */

const OFFERED = Object.entries(CHANNELS_OF).flatMap(([kind, channels]) =>
  (channels ?? []).map((channel) => ({ kind: kind as UserNotificationKind, channel })),
);
const hour = (value: number) => `${String(value).padStart(2, '0')}:00`;

export async function notificationPreferences(db: Database, userId: string): Promise<NotificationPreferencesResponse> {
  const off = await db
    .select({ kind: notificationOptOuts.kind, channel: notificationOptOuts.channel })
    .from(notificationOptOuts)
    .where(eq(notificationOptOuts.userId, userId));
  const isOff = new Set(off.map((row) => `${row.kind}:${row.channel}`));
  return {
    preferences: OFFERED.map(({ kind, channel }) => ({ kind, channel, enabled: !isOff.has(`${kind}:${channel}`) })),
    quietHours: { from: hour(QUIET_HOURS.from), to: hour(QUIET_HOURS.to) },
  };
}

/** Applies the choices sent (each already checked as offered by the shared schema) in one transaction. */
export async function saveNotificationPreferences(
  db: Database,
  userId: string,
  preferences: NotificationPreference[],
): Promise<NotificationPreferencesResponse> {
  await db.transaction(async (tx) => {
    for (const { kind, channel, enabled } of preferences) {
      if (enabled) {
        await tx
          .delete(notificationOptOuts)
          .where(
            and(
              eq(notificationOptOuts.userId, userId),
              eq(notificationOptOuts.kind, kind),
              eq(notificationOptOuts.channel, channel),
            ),
          );
      } else {
        await tx.insert(notificationOptOuts).values({ userId, kind, channel }).onConflictDoNothing();
      }
    }
  });
  return notificationPreferences(db, userId);
}

/** SQL: the account `userId` (a column or a value) has not turned this channel off for this kind. */
export function channelOn(userId: unknown, kind: UserNotificationKind, channel: NotificationChannel) {
  return sql`not exists (select 1 from notification_opt_outs o
    where o.user_id = ${userId} and o.kind = ${kind}::user_notification_kind and o.channel = ${channel}::message_channel)`;
}

/** Whether one account hears of `kind` by `channel`. */
export async function wantsChannel(
  db: Executor,
  userId: string,
  kind: UserNotificationKind,
  channel: NotificationChannel,
): Promise<boolean> {
  const [row] = await db
    .select({ off: notificationOptOuts.userId })
    .from(notificationOptOuts)
    .where(
      and(eq(notificationOptOuts.userId, userId), eq(notificationOptOuts.kind, kind), eq(notificationOptOuts.channel, channel)),
    );
  return !row;
}
