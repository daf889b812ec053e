import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { pushSubscriptions } from '../../db/schema/index';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * One device per endpoint: a device already known to another account is taken by this one; the web
 * app tells it again at each visit of the profile, which keeps its dates.
 */
export async function upsertSubscription(
  db: Executor,
  values: { userId: string; endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<string> {
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        // The same account telling it again keeps its dates; another account starts anew.
        createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else now() end`,
        lastUsedAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.lastUsedAt} end`,
      },
    })
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new Error('push subscription not stored');
  return row.id;
}

/** Deletes the account's own subscription of this endpoint; false when it has none. */
export async function deleteOwnSubscription(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function findSubscription(db: Executor, id: string): Promise<PushSubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row ?? null;
}

export async function deleteSubscription(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markSubscriptionUsed(db: Executor, id: string): Promise<void> {
  await db.update(pushSubscriptions).set({ lastUsedAt: new Date() }).where(eq(pushSubscriptions.id, id));
}
