import { like } from 'drizzle-orm';
import type { Database } from './client';
import { rowCounts } from './schema/index';

/**
 * The counts the database keeps under `prefix` (migration 0013; keys in schema/row-counts.ts), by
 * the rest of their key (those above zero), and their sum. Reads no counted row.
 */
export async function rowCountsUnder(db: Database, prefix: string): Promise<{ byKey: Map<string, number>; total: number }> {
  const rows = await db
    .select()
    .from(rowCounts)
    .where(like(rowCounts.key, `${prefix}%`));
  const byKey = new Map<string, number>();
  let total = 0;
  for (const { key, n } of rows) {
    if (n <= 0) continue;
    byKey.set(key.slice(prefix.length), n);
    total += n;
  }
  return { byKey, total };
}
