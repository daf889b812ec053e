import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '@app/shared/settings';
import type { Database } from '../../db/client';
import { recordWrite } from '../audit/record-write';
import type { Signal } from '../../lib/signal';
import type { TtlCache } from '../../lib/ttl-cache';
import { readSettings, writeSettings } from './settings.repository';

/**
 * Settings read on hot paths (login, sign-up, events), kept briefly per instance (`app.caches.settings`:
 * another instance's save shows within its TTL); a save here replaces the kept copy and is
 * announced on `changed` (`app.settingsChanged`) to the caches that show settings.
 */
export class SettingsService {
  constructor(
    private readonly db: Database,
    private readonly cache: TtlCache<Settings, 'current'>,
    private readonly changed: Signal<Settings>,
  ) {}

  get(): Promise<Settings> {
    return this.cache.get('current', async () => {
      const stored = await readSettings(this.db);
      // A stored object from an older version may miss a newer key: defaults fill it.
      return settingsSchema.parse(merge(DEFAULT_SETTINGS, stored ?? {}));
    });
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
    this.cache.delete('current');
    this.cache.set('current', value);
    await this.changed.emit(value);
    return value;
  }
}

function merge(defaults: Settings, stored: Partial<Record<keyof Settings, object>>): Settings {
  return {
    general: { ...defaults.general, ...stored.general },
    events: { ...defaults.events, ...stored.events },
    notifications: { ...defaults.notifications, ...stored.notifications },
    security: { ...defaults.security, ...stored.security },
    payments: { ...defaults.payments, ...stored.payments },
    ads: { ...defaults.ads, ...stored.ads },
  };
}
