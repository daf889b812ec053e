import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '@app/shared/settings';
import type { Database } from '../../db/client';
import { recordWrite } from '../audit/record-write';
import { readSettings, writeSettings } from './settings.repository';

/** How long an instance trusts its copy; another instance's change shows within this delay. */
const CACHE_MS = 5000;

/** Settings read on hot paths (login, sign-up, events), cached briefly per instance. */
export class SettingsService {
  private cached: { value: Settings; at: number } | null = null;

  constructor(private readonly db: Database) {}

  async get(): Promise<Settings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const stored = await readSettings(this.db);
    // A stored object from an older version may miss a newer key: defaults fill it.
    const value = settingsSchema.parse(merge(DEFAULT_SETTINGS, stored ?? {}));
    this.cached = { value, at: Date.now() };
    return value;
  }

  /** Saves the whole object; the save and its audit row (the row as it was, as it is) are one transaction. */
  async save(value: Settings, actorId: string | null): Promise<Settings> {
    await this.db.transaction(async (tx) => {
      const before = await readSettings(tx, { forUpdate: true });
      await writeSettings(tx, value, actorId);
      await recordWrite(tx, {
        audit: { actorId, action: 'settings.update', targetType: 'settings', targetId: '1', before, after: value },
      });
    });
    this.cached = { value, at: Date.now() };
    return value;
  }
}

function merge(defaults: Settings, stored: Partial<Record<keyof Settings, object>>): Settings {
  return {
    general: { ...defaults.general, ...stored.general },
    events: { ...defaults.events, ...stored.events },
    notifications: { ...defaults.notifications, ...stored.notifications },
    security: { ...defaults.security, ...stored.security },
  };
}
