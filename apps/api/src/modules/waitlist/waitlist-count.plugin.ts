import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { TtlCache } from '../../lib/ttl-cache';
import { countEntries } from './waitlist.repository';

/**
 * The waiting-list count that the landing page and `GET /waitlist/count` show, read from the
 * database at most once per TTL of `app.caches.waitlistCount`; forgotten at any change.
 */
export class WaitlistCount {
  constructor(
    private readonly db: Database,
    private readonly cache: TtlCache<number, 'count'>,
  ) {}

  get(): Promise<number> {
    return this.cache.get('count', () => countEntries(this.db));
  }

  forget(): void {
    this.cache.delete('count');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The cached waiting-list count of this server instance. */
    waitlistCount: WaitlistCount;
  }
}

export const waitlistCountPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('waitlistCount', new WaitlistCount(app.db, app.caches.waitlistCount));
  },
  { name: 'waitlist-count', dependencies: ['caches'], decorators: { fastify: ['db'] } },
);
