import { asc, desc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Cursor } from '@app/shared/common';

/**
 * A list read by keyset (decision 069): ordered by a timestamp `key` then `id`, both the same way,
 * as its b-tree index is, so a page after a cursor starts where the index says, however deep.
 */
export interface KeysetOrder {
  key: AnyPgColumn;
  id: AnyPgColumn;
  direction: 'asc' | 'desc';
}

export function orderOfKeyset({ key, id, direction }: KeysetOrder): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  return [by(key), by(id)];
}

/**
 * The rows after `cursor` in the keyset's order. The key travels as whole microseconds since 1970:
 * exact (a JavaScript Date keeps milliseconds only, and rows sharing a millisecond were skipped,
 * decision 008) and safe in a URL.
 */
export function afterCursor({ key, id, direction }: KeysetOrder, cursor: Cursor): SQL {
  const at = sql`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
  return direction === 'asc'
    ? sql`(${key}, ${id}) > (${at}, ${cursor.id}::uuid)`
    : sql`(${key}, ${id}) < (${at}, ${cursor.id}::uuid)`;
}

/** The key as the cursor carries it, selected beside a page's rows. */
export function cursorKeyOf(key: AnyPgColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${key}) * 1000000)::bigint::text`;
}

/**
 * The `next` cursor of a page read with one row more than `limit`: the last shown row's, or null
 * when that extra row is missing (the list ends here). Returns the rows to show.
 */
export function pageWithNext<T>(
  rows: T[],
  limit: number,
  cursorOf: (row: T) => { micros: string; id: string },
): { rows: T[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const shown = rows.slice(0, limit);
  const last = cursorOf(shown[limit - 1] as T);
  return { rows: shown, next: `${last.micros}.${last.id}` };
}

/**
 * Every row `read` finds, in the keyset's order, `batchSize` at a time, each batch after the last
 * one's row: an export of a million rows never holds them all, nor skips rows with an offset.
 * `read(after, limit)` reads at most `limit` rows matching `after` (undefined: from the first),
 * ordered by `orderOfKeyset`, each with its `id` and its `cursorKey` (`cursorKeyOf`).
 */
export async function* keysetBatches<T extends { id: string; cursorKey: string }>(
  keyset: KeysetOrder,
  batchSize: number,
  read: (after: SQL | undefined, limit: number) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(after ? afterCursor(keyset, after) : undefined, batchSize);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as T;
    after = { micros: last.cursorKey, id: last.id };
  }
}
