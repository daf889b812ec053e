import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { EXACT_COUNT_LIMIT, estimateRows } from './bounded-count';
import type { Database, Executor } from './client';
import { perDatabase } from './per-database';

/**
 * A search the planner expects in this share of the table or more is read by the planner's own
 * plan: its matches are everywhere, the walk meets them at once, and a bitmap of them all costs
 * more (a word in every account's name: 77 ms for the bitmap count, 1 ms for the walk).
 */
const DENSE_SHARE = 0.5;

/**
 * One page of a list and its total (a bounded count), read side by side; a list filtered by a
 * search that is not everywhere reads its count first, through indexes only.
 *
 * The planner takes a word's share of the table times the share of each other condition. A word
 * found in many rows the caller cannot see (drafts, private events, another status) and in none
 * they can looks common, so the planner walks the sort index with the search as a filter (1.7 s at
 * a million events, no row kept) and counts by reading the whole table. A searched list's count
 * runs with plain index scans and sequential scans off: bitmap scans of the trigram index give the
 * candidates. When they are few (at most EXACT_COUNT_LIMIT), their page is read the same way and
 * sorted; when many match, the planner's ordered walk soon meets a page of them.
 *
 * `page` and `count` must read through the executor they are given: in the search's transaction,
 * a query on `db` would wait for that transaction on PGlite, and take a second pool connection
 * while holding one on PostgreSQL.
 */
export async function pageAndTotal<T extends unknown[]>(
  db: Database,
  list: {
    /** The list's table and the search's own condition, when the list is filtered by a search. */
    search?: { table: PgTable; condition: SQL };
    page: (executor: Executor) => Promise<T>;
    /** The same page by a searched walk that reads the table less (signature-walk.ts), when the list has one. */
    walk?: (executor: Executor) => Promise<T>;
    count: (executor: Executor) => Promise<number>;
    /** The rows `page` reads: given, a search expected in many rows is not counted (see below). */
    window?: { limit: number; offset: number };
  },
): Promise<{ rows: T; total: number }> {
  if (!list.search) return sideBySide(db, list);
  const { table, condition } = list.search;
  // One after the other: a request holds one connection at a time here.
  const matching = await estimateRows(db, table, condition);
  const all = await tableSize(db, table);
  if (all > 0 && matching >= all * DENSE_SHARE) return sideBySide(db, list);
  if (list.window && matching >= LIKELY_MANY) {
    const found = await pageInTime(db, list.walk ?? list.page);
    if (found) return { rows: found, total: totalOf(found.length, list.window, matching) };
  }
  const few = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
    const total = await list.count(tx);
    return total <= EXACT_COUNT_LIMIT ? { rows: await list.page(tx), total } : { rows: undefined, total };
  });
  return { rows: few.rows ?? (await list.page(db)), total: few.total };
}

/** A table this large is not sized again for a minute: it moves by a small share meanwhile. */
const LARGE_TABLE_ROWS = 100_000;
const TABLE_SIZE_TTL_MS = 60_000;
const tableSizesOf = perDatabase((_db: Database) => new Map<PgTable, { rows: number; expires: number }>());

/** The planner's estimate of the table's rows, kept TABLE_SIZE_TTL_MS when the table is large (one query less per search). */
async function tableSize(db: Database, table: PgTable): Promise<number> {
  const kept = tableSizesOf(db);
  const hit = kept.get(table);
  if (hit && hit.expires > Date.now()) return hit.rows;
  const rows = await estimateRows(db, table, undefined);
  if (rows >= LARGE_TABLE_ROWS) kept.set(table, { rows, expires: Date.now() + TABLE_SIZE_TTL_MS });
  return rows;
}

async function sideBySide<T>(
  db: Database,
  list: { page: (executor: Executor) => Promise<T>; count: (executor: Executor) => Promise<number> },
) {
  const [rows, total] = await Promise.all([list.page(db), list.count(db)]);
  return { rows, total };
}

/**
 * A search the planner expects in this many rows or more is not counted: the bitmap of its words'
 * trigrams, which a count reads whole, costs 15 to 100 ms at a million rows for two frequent words,
 * and the count then reads the heap page of every match it counts (a few thousand pages, 100 ms and
 * more when they are not in memory; the agenda's count sorts all its matches), while the ordered
 * walk meets a page of them in a few. Its total is the planner's estimate, as any total above
 * EXACT_COUNT_LIMIT is (decision 013). 10,000 sent a third of the bench's pairs of frequent words
 * (estimated 2,500 to 10,000) to the count: the agenda's two words p95 74 ms, against 22 by the walk.
 */
const LIKELY_MANY = 2 * EXACT_COUNT_LIMIT;
/** How long the walk may take before the search is counted instead (PostgreSQL; PGlite has no timer). */
const WALK_TIMEOUT_MS = 40;

/**
 * The page by the planner's ordered walk, given WALK_TIMEOUT_MS: words the planner believes
 * frequent together may be rare together ('gala' and 'kribi' never in one title), and then the
 * walk reads the whole index. Undefined when cancelled.
 */
async function pageInTime<T>(db: Database, page: (executor: Executor) => Promise<T>): Promise<T | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${`${WALK_TIMEOUT_MS}ms`}, true)`);
      return page(tx);
    });
  } catch (error) {
    if (isCancelled(error)) return undefined;
    throw error;
  }
}

function isCancelled(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** A page shorter than it asked for ends the list: its total is exact; else the estimate, at least the rows seen. */
function totalOf(read: number, window: { limit: number; offset: number }, estimate: number): number {
  if (read < window.limit) return window.offset + read;
  return Math.max(estimate, window.offset + read, EXACT_COUNT_LIMIT + 1);
}
