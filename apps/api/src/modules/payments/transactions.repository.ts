import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { DAY_MS, DOUALA_OFFSET } from '@app/shared/douala-time';
import type { TransactionsExportQuery } from '@app/shared/payments';
import { toE164 } from '@app/shared/phone';
import { boundedCount } from '../../db/bounded-count';
import type { Database, Executor } from '../../db/client';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { cursorKeyOf, type KeysetOrder, keysetBatches, orderOfKeyset } from '../../db/keyset';
import { pageAndTotal } from '../../db/page-and-total';
import { pageIdsOf } from '../../db/page-ids';
import { rowsOf } from '../../db/rows-of';
import { paymentDayTotals, paymentEvents, payments, users } from '../../db/schema/index';

/*
 * 'Transactions' (back office, decision 054): the payments, searched and filtered, newest first.
 * Without a search, the total, the totals of the paid payments and the days that hold the page are
 * read from the roll-up `payment_day_totals` (migration 0042), then the page within those days by
 * the filter's index of migration 0038 (status, operator or plan with the creation time; else
 * payments_created_idx). A search reads its matches through its own index (a reference, a number,
 * an account's payments), with the bounded count of decision 013.
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
 * The search: our reference exactly; a whole number in any usual form ('+237 6 99 00 11 33',
 * '699001133', '00237…') as the paying number or the account's, both exactly (E.164, the btree
 * indexes `payments_phone_idx` and `users_phone_key`, then `payments_user_created_idx`: a
 * BitmapOr of two index reads); else the account's names, username, e-mail or phone, a part of a
 * number included (the accounts' trigram index).
 *
 * A whole number is never a trigram `like`: every number of a country shares its first digits
 * ('+2376…'), so the trigrams of a number have lists as long as the accounts (40–70 ms), and the
 * `or` of a payment column with a subquery cannot be a BitmapOr: every payment was read (1.3 s at
 * a million).
 */
export function searchCondition(search: string | undefined): SQL | undefined {
  const query = search?.trim();
  if (!query) return undefined;
  if (REFERENCE.test(query)) return eq(payments.reference, query.toUpperCase());
  const e164 = /^[\d\s+().-]+$/.test(query) ? toE164(query) : null;
  if (e164) {
    // users.phone is unique: at most one account, and none gives `user_id = null` (no row).
    const account = sql`(select ${users.id} from ${users} where ${users.phone} = ${e164})`;
    return or(eq(payments.phone, e164), eq(payments.userId, account)) as SQL;
  }
  return inArray(payments.userId, sql`(select ${users.id} from ${users} where ${phoneOrTextCondition(users.searchText, query)})`);
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

const NEWEST_FIRST_KEYSET: KeysetOrder = { key: payments.createdAt, id: payments.id, direction: 'desc' };
const NEWEST_FIRST = orderOfKeyset(NEWEST_FIRST_KEYSET);

/** The paid payments' totals of a selection: how many, what they brought, what was given back. */
export interface TransactionTotals {
  count: number;
  successfulAmount: number;
  refundedAmount: number;
}

export interface TransactionsList {
  rows: TransactionRow[];
  total: number;
  totals: TransactionTotals;
}

type ListQuery = TransactionsExportQuery & { page: number; limit: number };

/**
 * One page of the payments, newest first, its total and the totals of the paid ones.
 *
 * Without a search, everything but the page's rows comes from the roll-up `payment_day_totals`
 * (migration 0042), whose keys are the list's filters: the exact total, the totals, and the Douala
 * days that hold the page asked for. The page is then read within those days only, so an empty or
 * rare combination of filters, or page 4,000, never walks an index past rows it drops or skips
 * (decision 054, figures in docs/scaling.md). With a search, the matches are read (a reference, a
 * number, an account's payments): the bounded count of decision 013 and the totals of those rows.
 */
export async function listTransactions(db: Database, query: ListQuery): Promise<TransactionsList> {
  const offset = (query.page - 1) * query.limit;
  const search = searchCondition(query.search);
  if (search) {
    const where = and(search, filtersCondition(query));
    const { rows, total } = await pageAndTotal(db, {
      search: { table: payments, condition: search },
      page: (executor) => readPage(executor, where, query.limit, offset),
      count: (executor) => boundedCount(executor, payments, where),
    });
    return { rows, total, totals: await searchedTotals(db, where) };
  }
  const { total, totals, window } = await readDayTotals(db, query, offset, query.limit);
  if (!window) return { rows: [], total, totals };
  const within = and(
    filtersCondition(query),
    gte(payments.createdAt, doualaDayStart(window.firstDay)),
    lt(payments.createdAt, new Date(doualaDayStart(window.lastDay).getTime() + DAY_MS)),
  );
  return { rows: await readPage(db, within, query.limit, offset - window.newer), total, totals };
}

/** The page's ids alone (an index walk, decision 013), then their rows with their accounts. */
function readPage(executor: Executor, where: SQL | undefined, limit: number, offset: number): Promise<TransactionRow[]> {
  const pageIds = pageIdsOf(executor, payments.id, where, NEWEST_FIRST, { limit, offset });
  return executor
    .select({ ...paymentColumns, ...accountColumns })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(inArray(payments.id, pageIds))
    .orderBy(...NEWEST_FIRST);
}

/** The paid payments among the rows a search found (a few, through the search's own indexes). */
async function searchedTotals(db: Executor, where: SQL | undefined): Promise<TransactionTotals> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      successfulAmount: sql<string>`coalesce(sum(${payments.amount}), 0)`,
      refundedAmount: sql<string>`coalesce(sum(${payments.refundedAmount}), 0)`,
    })
    .from(payments)
    .where(and(isNotNull(payments.paidAt), where));
  // Sums as bigint (text): a million paid payments bring billions of francs, past an int.
  return {
    count: Number(row?.count ?? 0),
    successfulAmount: Number(row?.successfulAmount ?? 0),
    refundedAmount: Number(row?.refundedAmount ?? 0),
  };
}

interface DayTotalsRow extends Record<string, unknown> {
  total: string;
  paid: string;
  amount: string;
  refunded: string;
  first_day: string | null;
  last_day: string | null;
  newer: string | null;
}

/**
 * From the roll-up, in one statement: the filtered payments' number, the paid ones' totals, and
 * the days holding rows `offset` to `offset + limit - 1` newest first — the oldest and newest of
 * them, and how many matching payments are newer than the newest (null: the page is past the end).
 * Two years are about 730 days × the statuses, operators and plans met: a few thousand rows.
 */
async function readDayTotals(db: Executor, filters: TransactionsExportQuery, offset: number, limit: number) {
  const where = and(
    filters.status ? eq(paymentDayTotals.status, filters.status) : undefined,
    filters.operator ? eq(paymentDayTotals.operator, filters.operator) : undefined,
    filters.plan ? eq(paymentDayTotals.plan, filters.plan) : undefined,
    filters.from ? gte(paymentDayTotals.day, filters.from) : undefined,
    filters.to ? lte(paymentDayTotals.day, filters.to) : undefined,
  );
  // The totals in one plain aggregate, the days' numbers alone grouped (numeric sums grouped by day
  // cost twice as much: 6.7 against 3.8 ms over 14,600 rows, every key of two years).
  const filtered = sql`from ${paymentDayTotals} ${where ? sql`where ${where}` : sql``}`;
  const [row] = rowsOf<DayTotalsRow>(
    await db.execute(sql`
      with days as (
        select ${paymentDayTotals.day} as day, sum(${paymentDayTotals.paymentCount}) as n ${filtered}
          group by ${paymentDayTotals.day} having sum(${paymentDayTotals.paymentCount}) > 0
      ), placed as (
        select day, n, sum(n) over (order by day desc) - n as newer from days
      ), page as (
        select day, newer from placed where newer < ${offset + limit} and newer + n > ${offset}
      )
      select totals.*,
             (select min(day) from page)::text as first_day,
             (select max(day) from page)::text as last_day,
             (select min(newer) from page)::text as newer
        from (
          select coalesce(sum(${paymentDayTotals.paymentCount}), 0)::text as total,
                 coalesce(sum(${paymentDayTotals.paidCount}), 0)::text as paid,
                 coalesce(sum(${paymentDayTotals.paidAmount}), 0)::text as amount,
                 coalesce(sum(${paymentDayTotals.refundedAmount}), 0)::text as refunded
            ${filtered}
        ) totals`),
  );
  const window =
    row?.first_day && row.last_day && row.newer !== null
      ? { firstDay: row.first_day, lastDay: row.last_day, newer: Number(row.newer) }
      : null;
  return {
    total: Number(row?.total ?? 0),
    totals: {
      count: Number(row?.paid ?? 0),
      successfulAmount: Number(row?.amount ?? 0),
      refundedAmount: Number(row?.refunded ?? 0),
    },
    window,
  };
}

const paymentColumns = {
  id: payments.id,
  reference: payments.reference,
  userId: payments.userId,
  idempotencyKey: payments.idempotencyKey,
  plan: payments.plan,
  campaignId: payments.campaignId,
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
 * The filtered payments newest first, a batch at a time (`keysetBatches`): an export of a million
 * rows never holds them all, nor skips with an offset.
 */
export async function* iterateTransactions(db: Database, filters: TransactionsExportQuery): AsyncGenerator<TransactionRow[]> {
  const where = and(searchCondition(filters.search), filtersCondition(filters));
  yield* keysetBatches(NEWEST_FIRST_KEYSET, EXPORT_BATCH_SIZE, (after, limit) =>
    db
      .select({ ...paymentColumns, ...accountColumns, cursorKey: cursorKeyOf(payments.createdAt) })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(and(where, after))
      .orderBy(...NEWEST_FIRST)
      .limit(limit),
  );
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
