import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { NotificationService } from '../notifications/notifications.service';
import type { SettingsService } from '../settings/settings.service';
import type { UploadStorage } from '../uploads/uploads.storage';

/** What the events services work with (decision 019): never the whole Fastify instance. */
export interface EventsDeps {
  db: Database;
  settings: SettingsService;
  storage: UploadStorage;
  notifications: NotificationService;
  log: FastifyBaseLogger;
  /** PUBLIC_URL, for the links in the team's e-mails and the share link. */
  publicUrl: string;
}

/** What the events services receive, taken from the app once for each of the events' route files. */
export function eventsDepsOf(app: FastifyInstance): EventsDeps {
  return {
    db: app.db,
    settings: app.settings,
    storage: app.storage,
    notifications: app.notifications,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
  };
}
