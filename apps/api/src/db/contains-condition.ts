import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { phoneSearchDigits } from '@app/shared/phone';
import { likePattern, searchable } from '../lib/text';
import { estimateRows } from './bounded-count';
import type { Database } from './client';

/** A word the planner expects in at least this share of the rows does not drive the index. */
const FREQUENT_WORD_SHARE = 0.1;

/**
 * `column like '%query%'` (accent-free, case-free), shaped for a trigram GIN index on `column`.
 * The index reads the whole list of rows of every trigram of the pattern; a word found in most
 * rows ('personne' in every name of the bench) has lists as long as the table, and reading them
 * costs more than all the rest (figures: docs/scaling.md, 'Figures behind the code'). So when the query has several words of three letters or more, those the planner expects
 * in a tenth of the rows or more are left out of the indexed condition, and the whole query is
 * checked by `strpos`, which no index serves: the rows found are the same.
 */
export async function containsCondition(db: Database, table: PgTable, column: PgColumn, query: string): Promise<SQL> {
  const whole = sql`${column} like ${likePattern(query)}`;
  const words = [...new Set(searchable(query).split(/\s+/))].filter((word) => word.length >= 3);
  if (words.length < 2) return whole;
  const [tableRows, ...wordRows] = await Promise.all([
    estimateRows(db, table, undefined),
    ...words.map((word) => estimateRows(db, table, sql`${column} like ${likePattern(word)}`)),
  ]);
  const selective = words.filter((_, index) => (wordRows[index] ?? 0) < tableRows * FREQUENT_WORD_SHARE);
  if (selective.length === 0 || selective.length === words.length) return whole;
  return and(
    ...selective.map((word) => sql`${column} like ${likePattern(word)}`),
    sql`strpos(${column}, ${searchable(query)}) > 0`,
  ) as SQL;
}

/**
 * `column like '%query%'` for a list whose search text holds phone numbers: a query written as a
 * phone ('+237 6 99 00 11 33', '00237…', '6 99 00') also matches on its digits
 * (@app/shared/phone phoneSearchDigits), so the number is found as it is shown or typed. Both
 * patterns are served by the column's trigram index (a BitmapOr).
 */
export function phoneOrTextCondition(column: PgColumn, query: string): SQL {
  const text = sql`${column} like ${likePattern(query)}`;
  const digits = phoneSearchDigits(query);
  if (!digits || digits === searchable(query)) return text;
  return sql`(${text} or ${column} like ${likePattern(digits)})`;
}
