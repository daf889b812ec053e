import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * The ids of one page of a list, in order: a subquery for `inArray(id, …)`. Read alone (from an
 * index, in order), so a deep page neither fetches nor joins the rows it skips (decision 013); the
 * caller then reads and joins the page's rows only.
 */
export function pageIdsOf(
  executor: Executor,
  id: AnyPgColumn,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) {
  return executor
    .select({ id })
    .from(id.table)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}
