import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * The trigram operator class (pg_trgm) of the accent-free search's GIN indexes: `search_text like
 * '%mot%'` uses them from three characters on (decision 013).
 */
export const TRIGRAMS = 'gin_trgm_ops';

/**
 * Columns sorted newest (largest) first, as PostgreSQL's `DESC` sorts them: nulls first. Drizzle's
 * `.desc()` alone would say `DESC NULLS LAST`, which is not the index the SQL of migration 0008
 * built (the columns are not null, so both read the same rows in the same order).
 */
export function newestFirst(
  ...columns: [ExtraConfigColumn, ...ExtraConfigColumn[]]
): [Partial<ExtraConfigColumn>, ...Partial<ExtraConfigColumn>[]] {
  const [first, ...rest] = columns.map((column) => column.desc().nullsFirst());
  return [first as Partial<ExtraConfigColumn>, ...rest];
}
