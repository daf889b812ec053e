import { pageWindow } from '../../db/page-window';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client';
import { outboundMessages, paymentEvents, payments, rewardGrants, users } from '../../db/schema/index';

/*
 * The only file of the payments module that talks to Drizzle (issue 28, decision 052).
 */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentStatusValue = PaymentRow['status'];
type PaymentEventValues = Omit<typeof paymentEvents.$inferInsert, 'id' | 'paymentId'>;

/** The statuses of a payment still running: one at a time per account. */
export const RUNNING_STATUSES: PaymentStatusValue[] = ['pending', 'unknown'];

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function findOwnPayment(db: Executor, userId: string, id: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findPaymentByCallbackToken(db: Executor, token: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.callbackToken, token)).limit(1);
  return row ?? null;
}

export async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The account's payment still running (pending or unknown), if any. */
export async function findRunningPayment(db: Executor, userId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, RUNNING_STATUSES)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

export async function listOwnPayments(db: Database, userId: string, page: number, limit: number) {
  const where = eq(payments.userId, userId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt))
      .limit(limit)
      .offset(pageWindow({ page, limit }).offset),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/**
 * Holds the account's row until the transaction ends: two payment requests of one account (a
 * double tap, two tabs) are decided one after the other, so they never both pass the checks.
 */
export async function lockAccount(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      plan: users.plan,
      premiumUntil: users.premiumUntil,
      email: users.email,
      firstName: users.firstName,
      isBlocked: users.isBlocked,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, plan: users.plan, premiumUntil: users.premiumUntil, phone: users.phone, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The account's referral credit not yet used, in FCFA: its granted `credit_fcfa` rewards, less the
 * credit taken by its payments that hold it (running, successful, or cancelled while the provider
 * may still approve them). A failed or refunded payment gives its credit back (decision 052).
 */
export async function availableCredit(db: Executor, userId: string): Promise<number> {
  const [granted] = await db
    .select({ total: sql<number>`coalesce(sum(${rewardGrants.rewardValue}), 0)::int` })
    .from(rewardGrants)
    .where(and(eq(rewardGrants.userId, userId), eq(rewardGrants.rewardType, 'credit_fcfa'), eq(rewardGrants.status, 'granted')));
  const [used] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.creditUsed}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        or(
          inArray(payments.status, ['pending', 'unknown', 'successful']),
          and(eq(payments.status, 'failed'), isNotNull(payments.nextCheckAt)),
        ),
      ),
    );
  return Math.max(0, (granted?.total ?? 0) - (used?.total ?? 0));
}

export async function insertPayment(tx: Tx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not stored');
  return row;
}

export async function insertPaymentEvent(tx: Executor, paymentId: string, values: PaymentEventValues): Promise<void> {
  await tx.insert(paymentEvents).values({ paymentId, ...values });
}

/**
 * Moves a payment from one of `from` to new values, in one conditional statement: answers the
 * row as it now is, or null when its status was no longer one of `from` (another instance, a
 * callback or the job got there first). Every change of state goes through here, which is what
 * makes a success count exactly once.
 */
export async function transitionPayment(
  tx: Executor,
  id: string,
  from: PaymentStatusValue[],
  values: Partial<Omit<NewPayment, 'id' | 'userId'>>,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning();
  return row ?? null;
}

/** Changes what does not move the status (the provider's reference, the next check). */
export async function updatePayment(
  db: Executor,
  id: string,
  values: Partial<Pick<NewPayment, 'providerReference' | 'nextCheckAt'>>,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  return row ?? null;
}

/**
 * Extends the account's premium by `days` from the later of now and its current end, in the
 * caller's transaction; answers the period given. An account premium without an end date keeps
 * it (nothing to extend).
 */
export async function extendPremium(tx: Tx, userId: string, days: number, now: Date) {
  const at = now.toISOString();
  const [row] = await tx
    .update(users)
    .set({
      plan: 'premium',
      premiumUntil: sql`greatest(coalesce(${users.premiumUntil}, ${at}::timestamptz), ${at}::timestamptz) + make_interval(days => ${days}::int)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), sql`not (${users.plan} = 'premium' and ${users.premiumUntil} is null)`))
    .returning({ premiumUntil: users.premiumUntil });
  if (!row?.premiumUntil) return { from: now, until: null };
  return { from: new Date(row.premiumUntil.getTime() - days * 86_400_000), until: row.premiumUntil };
}

/** A message queued in the outbox in the caller's transaction; the notifications loop sends it. */
export async function queueMessage(
  tx: Executor,
  message: { channel: 'email' | 'sms'; recipient: string; subject?: string; text: string; nextAttemptAt?: Date },
): Promise<void> {
  await tx.insert(outboundMessages).values({
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject ?? '',
    text: message.text,
    html: null,
    nextAttemptAt: message.nextAttemptAt ?? new Date(),
  });
}

/**
 * Claims the payments the job must ask the provider about: their next check is pushed `leaseMs`
 * ahead in the same statement (`for update skip locked`), so two instances, or two ticks, never
 * ask about the same payment at once.
 */
export async function claimDuePayments(db: Database, limit: number, leaseMs: number, now = new Date()): Promise<PaymentRow[]> {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isNotNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)))
    .orderBy(asc(payments.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({ nextCheckAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(payments.id, due), isNotNull(payments.nextCheckAt)))
    .returning();
}

export async function listPaymentEvents(db: Executor, paymentId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.at));
}
