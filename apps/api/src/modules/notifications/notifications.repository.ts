import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboundMessages } from '../../db/schema/index';
import { cleanDeliveryError } from './outbox-text';

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
    .set({ status: 'sent', attempts, sentAt: new Date(), lastError: null, failedAt: null })
    .where(eq(outboundMessages.id, id));
}

/**
 * One attempt failed: its error kept (cleaned: one line, no stack, no secret), and either the next
 * attempt planned or, `failed`, the message made a dead letter from now (decision 066).
 */
export async function markAttemptFailed(
  db: Database,
  id: string,
  values: { attempts: number; lastError: string; nextAttemptAt: Date; failed: boolean },
): Promise<void> {
  await db
    .update(outboundMessages)
    .set({
      attempts: values.attempts,
      lastError: cleanDeliveryError(values.lastError),
      nextAttemptAt: values.nextAttemptAt,
      status: values.failed ? 'failed' : 'pending',
      failedAt: values.failed ? new Date() : null,
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
