import { eq } from 'drizzle-orm';
import type { Settings } from '@app/shared/settings';
import type { Database } from '../../db/client';
import { appSettings } from '../../db/schema/index';

export async function readSettings(db: Database): Promise<Settings | null> {
  const [row] = await db.select({ data: appSettings.data }).from(appSettings).where(eq(appSettings.id, 1));
  return row?.data ?? null;
}

export async function writeSettings(db: Database, data: Settings, updatedBy: string | null): Promise<void> {
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
