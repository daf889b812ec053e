import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { events } from './schema/index';

/**
 * The events as a searched walk reads them: from a walk index alone (its keys, and the
 * `search_signature` it includes), before the table (decision 072).
 */
export const walked = alias(events, 'walked');
/** `walked` in the FROM of a query written in SQL (the query builder writes it itself). */
export const walkedTable = sql`${events} as ${sql.identifier('walked')}`;

/** Published and public, on `walked`: the condition of the public walk indexes, which the planner proves them by. */
export const walkedPubliclyListed = and(eq(walked.status, 'published'), eq(walked.isPublic, true)) as SQL;

/**
 * The condition of a searched walk over `walked`: `covered` (what the walk index holds: its partial
 * condition, bounds of its keys) and the signature's test against `mask` (contains-condition.ts
 * `signatureMask`) are read on the index, then each row passing them is checked against the whole
 * `where` on the table, by id. A row without one of the words is turned down on the index for all
 * but a few per cent of them, where the walk read the table's page of every row it passed (from disk
 * when the page cache has let it go: docs/scaling.md, sixth pass). The test on the table is a
 * subquery so that the planner keeps the walk an index-only scan in the index's order, stopping at
 * the page.
 */
export function signatureWalkCondition(covered: SQL | undefined, mask: SQL, where: SQL | undefined): SQL {
  return and(
    covered,
    sql`(${sql.identifier('walked')}.${sql.identifier('search_signature')} & ${mask}) = ${mask}`,
    sql`(select true from ${events} where ${events.id} = ${walked.id} and ${where ?? sql`true`})`,
  ) as SQL;
}
