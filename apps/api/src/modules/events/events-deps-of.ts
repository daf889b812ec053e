import type { FastifyInstance } from 'fastify';
import type { EventsDeps } from './events.service';

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
