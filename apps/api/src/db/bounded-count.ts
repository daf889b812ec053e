import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { rowsOf } from './rows-of';

/**
 * Lists count exactly up to this many rows; beyond, `total` is the planner's estimate (decision
 * 013), so a count never reads a million rows. 1000 rows are 100 pages of 10.
 */
export const EXACT_COUNT_LIMIT = 1000;

/** The planner's row estimate for `select 1 from table where …` (no row is read). */
export async function estimateRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${table} ${where ? sql`where ${where}` : sql``}`);
  const first = rowsOf(result)[0];
  let plan = first ? Object.values(first)[0] : undefined;
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : 0;
}

/**
 * The number of rows of `table` matching `where`: exact up to EXACT_COUNT_LIMIT (reads at most
 * that many + 1), else the planner's estimate, never less than the exact part.
 */
export async function boundedCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return exactOrEstimated(db, Number(row?.total ?? 0), table, where);
}

/** A count of at most EXACT_COUNT_LIMIT + 1 rows as the total: itself when within, else the planner's estimate of `where`. */
export async function exactOrEstimated(db: Executor, counted: number, table: PgTable, where: SQL | undefined): Promise<number> {
  if (counted <= EXACT_COUNT_LIMIT) return counted;
  return Math.max(EXACT_COUNT_LIMIT + 1, await estimateRows(db, table, where));
}
