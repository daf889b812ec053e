import { integer, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Settings } from '@app/shared/settings';

/** One row (id 1) holding the whole settings object. */
export const appSettings = pgTable('app_settings', {
  id: integer().primaryKey().default(1),
  data: jsonb().$type<Settings>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid(),
});
