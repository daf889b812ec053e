import { and, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { phoneSearchDigits } from '@app/shared/phone';
import { likePattern, likeStartPattern, searchable } from '../lib/text';
import type { Executor } from './client';
import { perDatabase } from './per-database';
import { rowsOf } from './rows-of';

/** A trigram found in at least this share of the rows is not looked up in the index (containsCondition). */
const FREQUENT_TRIGRAM_SHARE = 0.05;

/** The distinct words of a search, accent- and case-free. */
function wordsOf(query: string): string[] {
  return [...new Set(searchable(query).split(/\s+/).filter(Boolean))];
}

const contains = (column: PgColumn, word: string) => sql`${column} like ${likePattern(word)}`;
/** The same test without the index: for words too frequent to drive it. */
const containsUnindexed = (column: PgColumn, word: string) => sql`strpos(${column}, ${word}) > 0`;

/** A word of one or two letters ('77', 'dj') is matched where a word starts with it (decision 071). */
const isShort = (word: string) => [...word].length < 3;
/**
 * A word of the column starts with `word`: at the start of the text or after a space. The
 * trigram index serves both (their padded trigrams, '  7' and ' 77' for '77').
 */
const startsAWord = (column: PgColumn, word: string) =>
  sql`(${column} like ${likeStartPattern(` ${word}`, '%')} or ${column} like ${likeStartPattern(word, '')})`;
/** The same test without the index: for a short word too frequent to drive it ('de'). */
const startsAWordUnindexed = (column: PgColumn, word: string) =>
  sql`(strpos(${column}, ${` ${word}`}) > 0 or starts_with(${column}, ${word}))`;
/** Whether one of the sampled values has a word starting with `word` (as `startsAWord`). */
const startsAWordIn = (value: string, word: string) => value.startsWith(word) || value.includes(` ${word}`);

/**
 * Every word of `query` somewhere in `column`, in any order, accents and case ignored (decision
 * 069): 'gala douala' finds 'Gala 12' in Douala, as a search box is expected to. Each word of
 * three letters or more is a `like` the column's trigram GIN index serves (the index intersects
 * them); a shorter word is where a word of the column starts with it (decision 071: '77' finds
 * 'Gala 77' and 'Gala 7712', not 'Gala 1977'), which the index serves as well.
 */
export function wordsCondition(column: PgColumn, query: string): SQL {
  const words = wordsOf(query);
  if (words.length === 0) return contains(column, query);
  return and(...words.map((word) => (isShort(word) ? startsAWord(column, word) : contains(column, word)))) as SQL;
}

/**
 * The mask of `query` for `events.search_signature` (migration 0055, decision 072): the bits of the
 * trigrams that every text holding its words has (inside its words of three letters or more, and
 * before its words of one or two letters, which start a word of the text). Undefined when the query
 * has no word of three letters or more: a short word alone leaves most rows in. Folded into a
 * constant when planned.
 */
export function signatureMask(query: string): SQL | undefined {
  const words = wordsOf(query);
  const long = words.filter((word) => !isShort(word));
  if (long.length === 0) return undefined;
  const short = words.filter(isShort);
  return sql`search_signature_mask(string_to_array(${long.join(' ')}, ' '), string_to_array(${short.join(' ')}, ' '))`;
}

/**
 * `wordsCondition`, shaped for a trigram GIN index on `column`. The index reads the whole list of
 * rows of every trigram it is given, and a trigram found in most rows has a list as long as the
 * table: 'nom' is in every account's 'prénom…' and 'nom…' (a third of a million-row search's time
 * for 'nom4242'), the words 'personne' or 'gala' in every name or tenth title of the bench. So the
 * index is given, for each word, its longest part made of trigrams found in less than
 * FREQUENT_TRIGRAM_SHARE of the rows ('m4242' of 'nom4242'), and the whole word is checked by
 * `strpos` on the rows found: the rows are the same. A word without such a part (a frequent word,
 * `gala`) is checked by `strpos` only, when another word can drive the index; when none can, every
 * word is a `like`, as `wordsCondition` has it, and the list is read as decision 069 says.
 *
 * The trigrams' shares come from the column's statistics (`pg_stats.histogram_bounds`, a sample of
 * its values that ANALYZE keeps), in one query; without statistics, every word drives the index.
 */
export async function containsCondition(db: Executor, table: PgTable, column: PgColumn, query: string): Promise<SQL> {
  const words = wordsOf(query);
  const long = words.filter((word) => !isShort(word));
  // Without a long word no part can drive the index: no sample to read.
  if (long.length === 0) return wordsCondition(column, query);
  const short = words.filter(isShort);
  const sampled = await sampledValues(db, table, column);
  const frequent = frequentTrigrams(sampled, long);
  const drivers = new Set<string>();
  const checked: string[] = [];
  for (const word of long) {
    const part = rarePart(word, frequent);
    if (part) drivers.add(part);
    if (part !== word) checked.push(word);
  }
  // A short word is no driver alone: the words starting with two letters are too many ('77': 1.4 %
  // of the bench's events, 14,000 rows read for 161 with 'gala douala 77'); with the whole words,
  // the index intersects them all.
  if (drivers.size === 0) return wordsCondition(column, query);
  return and(
    ...[...drivers].map((part) => contains(column, part)),
    ...checked.map((word) => containsUnindexed(column, word)),
    ...short.map((word) =>
      isFrequent(sampled, (value) => startsAWordIn(value, word)) ? startsAWordUnindexed(column, word) : startsAWord(column, word),
    ),
  ) as SQL;
}

/** The three-letter parts of a word, in order ('nom42' → 'nom', 'om4', 'm42'). */
function trigramsOf(word: string): string[] {
  const letters = [...word];
  return letters.slice(0, -2).map((_, index) => letters.slice(index, index + 3).join(''));
}

/** The longest part of `word` whose trigrams are all rare (not in `frequent`), or undefined when it has none. */
function rarePart(word: string, frequent: Set<string>): string | undefined {
  const trigrams = trigramsOf(word);
  let best: [number, number] | undefined;
  let start = 0;
  for (let index = 0; index <= trigrams.length; index += 1) {
    if (index < trigrams.length && !frequent.has(trigrams[index] as string)) continue;
    if (index > start && (!best || index - start > best[1] - best[0])) best = [start, index];
    start = index + 1;
  }
  if (!best) return undefined;
  return [...word].slice(best[0], best[1] + 2).join('');
}

/** How long a column's sample is kept: it changes only when ANALYZE runs (autovacuum, after a tenth of the rows changed). */
const SAMPLE_TTL_MS = 5 * 60_000;
/** The samples read, by database (an executor) and column: one query, and its array parsed, per column every SAMPLE_TTL_MS. */
const samplesOf = perDatabase((_db: Executor) => new Map<string, { values: string[]; expires: number }>());

/**
 * A sample of the column's values, from `pg_stats.histogram_bounds` (the values ANALYZE keeps),
 * kept SAMPLE_TTL_MS; none when the column has no statistics yet (and then asked again next time).
 * An older sample only changes which words drive the index, never the rows found.
 */
async function sampledValues(db: Executor, table: PgTable, column: PgColumn): Promise<string[]> {
  const key = `${getTableName(table)}.${columnName(column)}`;
  const kept = samplesOf(db);
  const hit = kept.get(key);
  if (hit && hit.expires > Date.now()) return hit.values;
  const result = await db.execute(sql`
    select s.histogram_bounds::text::text[] as sampled from pg_stats s
    where s.schemaname = current_schema() and s.tablename = ${getTableName(table)} and s.attname = ${columnName(column)}`);
  const values = rowsOf<{ sampled: string[] | null }>(result)[0]?.sampled ?? [];
  if (values.length > 0) kept.set(key, { values, expires: Date.now() + SAMPLE_TTL_MS });
  return values;
}

/** Whether FREQUENT_TRIGRAM_SHARE of the sampled values or more pass `test` (never without a sample). */
function isFrequent(sampled: string[], test: (value: string) => boolean): boolean {
  return sampled.length > 0 && sampled.filter(test).length >= FREQUENT_TRIGRAM_SHARE * sampled.length;
}

/** The trigrams of `words` found in FREQUENT_TRIGRAM_SHARE of the sampled values or more. */
function frequentTrigrams(sampled: string[], words: string[]): Set<string> {
  return new Set(
    [...new Set(words.flatMap(trigramsOf))].filter((trigram) => isFrequent(sampled, (value) => value.includes(trigram))),
  );
}

/** The column's name in the database (the schema names most columns by their key, written in snake case). */
function columnName(column: PgColumn): string {
  return column.keyAsName ? column.name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) : column.name;
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

/**
 * `phoneOrTextCondition` with the text's frequent trigrams kept out of the index (containsCondition):
 * for a list whose values share most of their letters ('prénom…', 'nom…' in every account).
 */
export async function phoneOrTextSearch(db: Executor, table: PgTable, column: PgColumn, query: string): Promise<SQL> {
  if (phoneSearchDigits(query)) return phoneOrTextCondition(column, query);
  return containsCondition(db, table, column, query);
}
