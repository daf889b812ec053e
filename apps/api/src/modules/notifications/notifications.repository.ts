import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboundMessages } from '../../db/schema/index';

export type OutboundMessageRow = typeof outboundMessages.$inferSelect;
export type NewOutboundMessage = typeof outboundMessages.$inferInsert;

/** Stores a message before any send attempt, so a crash mid-send loses nothing. */
export async function insertMessage(db: Database, values: NewOutboundMessage): Promise<OutboundMessageRow> {
  const [row] = await db.insert(outboundMessages).values(values).returning();
  if (!row) throw new Error('outbound message not stored');
  return row;
}

export async function markSent(db: Database, id: string, attempts: number): Promise<void> {
  await db
    .update(outboundMessages)
    .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null })
    .where(eq(outboundMessages.id, id));
}

export async function markAttemptFailed(
  db: Database,
  id: string,
  values: { attempts: number; lastError: string; nextAttemptAt: Date; failed: boolean },
): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      attempts: values.attempts,
      lastError: values.lastError.slice(0, 500),
      nextAttemptAt: values.nextAttemptAt,
      status: values.failed ? 'failed' : 'pending',
    })
    .where(eq(outboundMessages.id, id));
}

/**
 * Claims the pending messages that are due: their next attempt is pushed `leaseMs` ahead in the
 * same statement, so two instances (or two ticks) never send the same message at once.
 */
export async function claimDueMessages(db: Database, limit: number, leaseMs: number): Promise<OutboundMessageRow[]> {
  const now = new Date();
  const due = db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(and(eq(outboundMessages.status, 'pending'), lte(outboundMessages.nextAttemptAt, now)))
    .orderBy(asc(outboundMessages.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboundMessages)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(outboundMessages.id, due), eq(outboundMessages.status, 'pending')))
    .returning();
}

export async function findMessage(db: Database, id: string): Promise<OutboundMessageRow | null> {
  const [row] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id)).limit(1);
  return row ?? null;
}

export async function countPending(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboundMessages)
    .where(eq(outboundMessages.status, 'pending'));
  return row?.count ?? 0;
}
