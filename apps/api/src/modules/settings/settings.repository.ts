import { eq } from 'drizzle-orm';
import type { Settings } from '@app/shared/settings';
import type { Database, Executor } from '../../db/client';
import { appSettings } from '../../db/schema/index';

/** The stored object; `forUpdate` locks the row until the caller's transaction ends. */
export async function readSettings(db: Executor, options: { forUpdate?: boolean } = {}): Promise<Settings | null> {
  const query = db.select({ data: appSettings.data }).from(appSettings).where(eq(appSettings.id, 1));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row?.data ?? null;
}

export async function writeSettings(db: Executor, data: Settings, updatedBy: string | null): Promise<void> {
  await db
    .insert(appSettings)
    .values({ id: 1, data, updatedBy })
    .onConflictDoUpdate({ target: appSettings.id, set: { data, updatedBy, updatedAt: new Date() } });
}

/** Creates the settings row with the defaults when it is missing; leaves an existing one alone. */
export async function insertSettingsIfMissing(db: Database, data: Settings): Promise<boolean> {
  const inserted = await db.insert(appSettings).values({ id: 1, data }).onConflictDoNothing().returning({ id: appSettings.id });
  return inserted.length > 0;
}
