import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { DAY_MS, DOUALA_OFFSET } from '@app/shared/douala-time';
import type { TransactionsExportQuery } from '@app/shared/payments';
import { toE164 } from '@app/shared/phone';
import { boundedCount } from '../../db/bounded-count';
import type { Database, Executor } from '../../db/client';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { pageAndTotal } from '../../db/page-and-total';
import { pageIdsOf } from '../../db/page-ids';
import { paymentEvents, payments, users } from '../../db/schema/index';

/*
 * 'Transactions' (back office, decision 054): the payments, searched and filtered, newest first.
 * Every filter is served by an index of migration 0038 (status, operator or plan with the creation
 * time; the period by payments_created_idx; a reference, a number, an account by their own), the
 * total is a bounded count, and the totals of a period are read from the partial index of paid
 * payments alone.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

const accountColumns = {
  accountFirstName: users.firstName,
  accountLastName: users.lastName,
  accountUsername: users.username,
  accountEmail: users.email,
};

export type TransactionRow = PaymentRow & {
  accountFirstName: string | null;
  accountLastName: string | null;
  accountUsername: string | null;
  accountEmail: string | null;
};

/** 'PAY-7K3F9Q2M' (or 'pay-7k3f9q2m'): our reference, searched exactly. */
const REFERENCE = /^PAY-[A-Z0-9]{4,20}$/i;

/**
 * The search: our reference exactly; a number in any usual form as the paying number (E.164) or
 * the account's; else the account's names, username, e-mail or phone (the accounts' trigram index).
 */
export function searchCondition(search: string | undefined): SQL | undefined {
  const query = search?.trim();
  if (!query) return undefined;
  if (REFERENCE.test(query)) return eq(payments.reference, query.toUpperCase());
  const accounts = (condition: SQL) => inArray(payments.userId, sql`(select ${users.id} from ${users} where ${condition})`);
  const byAccount = accounts(phoneOrTextCondition(users.searchText, query));
  const e164 = /^[\d\s+().-]+$/.test(query) ? toE164(query) : null;
  return e164 ? (or(eq(payments.phone, e164), byAccount) as SQL) : byAccount;
}

/** Midnight in Douala of a 'YYYY-MM-DD' day, as an instant. */
export function doualaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${DOUALA_OFFSET}`);
}

function filtersCondition(filters: TransactionsExportQuery): SQL | undefined {
  return and(
    filters.status ? eq(payments.status, filters.status) : undefined,
    filters.operator ? eq(payments.operator, filters.operator) : undefined,
    filters.plan ? eq(payments.plan, filters.plan) : undefined,
    filters.from ? gte(payments.createdAt, doualaDayStart(filters.from)) : undefined,
    filters.to ? lt(payments.createdAt, new Date(doualaDayStart(filters.to).getTime() + DAY_MS)) : undefined,
  );
}

const NEWEST_FIRST = [desc(payments.createdAt), desc(payments.id)];

export async function listTransactions(
  db: Database,
  filters: TransactionsExportQuery & { page: number; limit: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const search = searchCondition(filters.search);
  const where = and(search, filtersCondition(filters));
  return pageAndTotal(db, {
    search: search && { table: payments, condition: search },
    page: (executor) => {
      const pageIds = pageIdsOf(executor, payments.id, where, NEWEST_FIRST, {
        limit: filters.limit,
        offset: (filters.page - 1) * filters.limit,
      });
      return executor
        .select({ ...paymentColumns, ...accountColumns })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(inArray(payments.id, pageIds))
        .orderBy(...NEWEST_FIRST);
    },
    count: (executor) => boundedCount(executor, payments, where),
  });
}

/**
 * The filtered payments' totals: how many were paid, what they brought and what was given back.
 * Paid payments only (successful, or refunded since), through payments_paid_totals_idx.
 */
export async function transactionTotals(
  db: Executor,
  filters: TransactionsExportQuery,
): Promise<{ count: number; successfulAmount: number; refundedAmount: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      successfulAmount: sql<number>`coalesce(sum(${payments.amount}), 0)::int`,
      refundedAmount: sql<number>`coalesce(sum(${payments.refundedAmount}), 0)::int`,
    })
    .from(payments)
    .where(and(isNotNull(payments.paidAt), searchCondition(filters.search), filtersCondition(filters)));
  return {
    count: Number(row?.count ?? 0),
    successfulAmount: Number(row?.successfulAmount ?? 0),
    refundedAmount: Number(row?.refundedAmount ?? 0),
  };
}

const paymentColumns = {
  id: payments.id,
  reference: payments.reference,
  userId: payments.userId,
  idempotencyKey: payments.idempotencyKey,
  plan: payments.plan,
  amount: payments.amount,
  creditUsed: payments.creditUsed,
  currency: payments.currency,
  operator: payments.operator,
  phone: payments.phone,
  status: payments.status,
  failureReason: payments.failureReason,
  providerReference: payments.providerReference,
  callbackToken: payments.callbackToken,
  expiresAt: payments.expiresAt,
  nextCheckAt: payments.nextCheckAt,
  premiumFrom: payments.premiumFrom,
  premiumUntil: payments.premiumUntil,
  paidAt: payments.paidAt,
  refundedAmount: payments.refundedAmount,
  refundedAt: payments.refundedAt,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
};

/** Rows per query of the CSV export. */
export const EXPORT_BATCH_SIZE = 2000;

/**
 * The filtered payments newest first, a batch at a time, each batch after the last one's
 * (created_at, id): an export of a million rows never holds them all, nor skips with an offset.
 */
export async function* iterateTransactions(db: Database, filters: TransactionsExportQuery): AsyncGenerator<TransactionRow[]> {
  const where = and(searchCondition(filters.search), filtersCondition(filters));
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${payments.createdAt}, ${payments.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await db
      .select({ ...paymentColumns, ...accountColumns, cursorAt: sql<string>`${payments.createdAt}::text` })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(where, cursor))
      .orderBy(...NEWEST_FIRST)
      .limit(EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { at: last.cursorAt, id: last.id };
  }
}

export async function findTransaction(db: Executor, id: string): Promise<TransactionRow | null> {
  const [row] = await db
    .select({ ...paymentColumns, ...accountColumns })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(eq(payments.id, id))
    .limit(1);
  return row ?? null;
}

/** The timeline, oldest first, with the name of the team member who acted. */
export async function listPaymentEvents(db: Executor, paymentId: string) {
  return db
    .select({
      at: paymentEvents.at,
      status: paymentEvents.status,
      note: paymentEvents.note,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorUsername: users.username,
      actorId: paymentEvents.actorId,
    })
    .from(paymentEvents)
    .leftJoin(users, eq(users.id, paymentEvents.actorId))
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.at), asc(paymentEvents.id));
}

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function insertPaymentEvent(tx: Executor, values: typeof paymentEvents.$inferInsert): Promise<void> {
  await tx.insert(paymentEvents).values(values);
}

/** Moves the account's end of premium back by `ms`, never before `now`; only when it ends later than now. */
export async function takePremiumBack(tx: Executor, userId: string, ms: number, now: Date) {
  const [row] = await tx
    .update(users)
    .set({
      premiumUntil: sql`greatest(${users.premiumUntil} - (${ms} * interval '1 millisecond'), ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), gt(users.premiumUntil, now)))
    .returning({ premiumUntil: users.premiumUntil });
  return row ?? null;
}
