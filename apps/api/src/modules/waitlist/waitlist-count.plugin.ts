import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { countEntries } from './waitlist.repository';

/** How long the public count is trusted; the landing page and `GET /waitlist/count` read it. */
const COUNT_CACHE_MS = 10_000;

/** The waiting-list count, read from the database at most every COUNT_CACHE_MS; forgotten at any change. */
export class WaitlistCount {
  private cached: { value: number; at: number } | null = null;

  constructor(private readonly db: Database) {}

  async get(): Promise<number> {
    if (this.cached && Date.now() - this.cached.at < COUNT_CACHE_MS) return this.cached.value;
    const value = await countEntries(this.db);
    this.cached = { value, at: Date.now() };
    return value;
  }

  forget(): void {
    this.cached = null;
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
    app.decorate('waitlistCount', new WaitlistCount(app.db));
  },
  { name: 'waitlist-count' },
);
