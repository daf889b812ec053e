import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { UNREAD_COUNT_CAP } from '@app/shared/notification-kinds';
import type { Executor } from '../../db/client';
import { eventParticipations, events, userNotifications } from '../../db/schema/index';

/** One page of a person's notifications, newest first, with what their links need of the event and of their participation. */
export async function listNotificationsOf(db: Executor, userId: string, page: { limit: number; offset: number }) {
  return db
    .select({
      notification: userNotifications,
      event: {
        title: events.title,
        shortId: events.shortId,
        isPublic: events.isPublic,
        shareToken: events.shareToken,
        organizerId: events.organizerId,
      },
      // A private event's share link goes only to someone who still takes part in it.
      participates: sql<boolean>`exists (select 1 from ${eventParticipations} p
        where p.event_id = ${userNotifications.eventId} and p.user_id = ${userNotifications.userId})`,
    })
    .from(userNotifications)
    .leftJoin(events, eq(events.id, userNotifications.eventId))
    .where(eq(userNotifications.userId, userId))
    .orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
    .limit(page.limit + 1)
    .offset(page.offset);
}

/** The unread ones, counted up to UNREAD_COUNT_CAP + 1 on the partial index (the bell shows '99+'). */
export async function countUnread(db: Executor, userId: string): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)))
    .limit(UNREAD_COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.total ?? 0);
}

/** Marks one of the person's notifications read (once); false when it is not theirs or unknown. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userNotifications.id, readAt: userNotifications.readAt })
    .from(userNotifications)
    .where(and(eq(userNotifications.id, id), eq(userNotifications.userId, userId)));
  if (!row) return false;
  if (!row.readAt) {
    await db
      .update(userNotifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(userNotifications.id, id), isNull(userNotifications.readAt)));
  }
  return true;
}

/** Marks every unread notification of the person read. */
export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(userNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(userNotifications.userId, userId), isNull(userNotifications.readAt)));
}
