import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Row counts kept by the database itself (statement triggers of migration 0013): the dashboard
 * and the charts read their figures here instead of counting a million rows. Keys:
 * `waitlist:{status}`, `events:status:{status}`, `events:category:{category}`, `partners`,
 * `users:{role}:{plan}`. The functions and triggers that keep them exist in SQL only (migrations
 * 0013 and 0015, listed in schema/sql-only.ts): Drizzle has no way to declare them.
 */
export const rowCounts = pgTable('row_counts', {
  key: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull().default(0),
});
