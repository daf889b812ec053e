import { and, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { phoneSearchDigits } from '@app/shared/phone';
import { likePattern, searchable } from '../lib/text';
import { estimateRows } from './bounded-count';
import type { Database } from './client';

/** A word the planner expects in at least this share of the rows does not drive the index. */
const FREQUENT_WORD_SHARE = 0.1;

/** The distinct words of a search, accent- and case-free. */
function wordsOf(query: string): string[] {
  return [...new Set(searchable(query).split(/\s+/).filter(Boolean))];
}

const contains = (column: PgColumn, word: string) => sql`${column} like ${likePattern(word)}`;
/** The same test without the index: for words too short or too frequent to drive it. */
const containsUnindexed = (column: PgColumn, word: string) => sql`strpos(${column}, ${word}) > 0`;

/**
 * Every word of `query` somewhere in `column`, in any order, accents and case ignored (decision
 * 069): 'gala douala' finds 'Gala 12' in Douala, as a search box is expected to. Each word of
 * three letters or more is a `like` the column's trigram GIN index serves (the index intersects
 * them); a shorter word has no trigram to look up and is checked on the rows found, unless the
 * query has no longer word.
 */
export function wordsCondition(column: PgColumn, query: string): SQL {
  const words = wordsOf(query);
  const indexed = words.filter((word) => word.length >= 3);
  if (indexed.length === 0) return and(...words.map((word) => contains(column, word))) ?? contains(column, query);
  const short = words.filter((word) => word.length < 3);
  return and(...indexed.map((word) => contains(column, word)), ...short.map((word) => containsUnindexed(column, word))) as SQL;
}

/**
 * `wordsCondition`, shaped for a trigram GIN index on `column`. The index reads the whole list of
 * rows of every trigram it is given; a word found in most rows ('personne' in every name of the
 * bench) has lists as long as the table, and reading them costs more than all the rest (figures:
 * docs/scaling.md, 'Figures behind the code'). So the words the planner expects in a tenth of the
 * rows or more are left out of the indexed condition when a rarer word can drive it, and checked
 * by `strpos` on the rows found: the rows are the same.
 */
export async function containsCondition(db: Database, table: PgTable, column: PgColumn, query: string): Promise<SQL> {
  const words = wordsOf(query).filter((word) => word.length >= 3);
  if (words.length < 2) return wordsCondition(column, query);
  const [tableRows, ...wordRows] = await Promise.all([
    estimateRows(db, table, undefined),
    ...words.map((word) => estimateRows(db, table, contains(column, word))),
  ]);
  const frequent = words.filter((_, index) => (wordRows[index] ?? 0) >= tableRows * FREQUENT_WORD_SHARE);
  if (frequent.length === 0 || frequent.length === words.length) return wordsCondition(column, query);
  const short = wordsOf(query).filter((word) => word.length < 3);
  return and(
    ...words.filter((word) => !frequent.includes(word)).map((word) => contains(column, word)),
    ...[...frequent, ...short].map((word) => containsUnindexed(column, word)),
  ) as SQL;
}

/**
 * `wordsCondition` for a list whose search text holds phone numbers. A query written as a phone
 * ('+237 6 99 00 11 33', '00237…', '6 99 00') is matched whole, and on its digits
 * (@app/shared/phone phoneSearchDigits), so the number is found as it is shown or typed. Both
 * patterns are served by the column's trigram index (a BitmapOr).
 */
export function phoneOrTextCondition(column: PgColumn, query: string): SQL {
  const digits = phoneSearchDigits(query);
  if (!digits) return wordsCondition(column, query);
  // A number is one thing, not words: '+237 6 99 00 11 99' must not find every phone holding a 99.
  const text = contains(column, query);
  if (digits === searchable(query)) return text;
  return sql`(${text} or ${column} like ${likePattern(digits)})`;
}
