import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one Redis connection for commands (rate-limit counters, the answer cache's generation),
     * or null without REDIS_URL. A subscription needs a connection of its own: `redis.duplicate()`.
     */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    // Commands fail at once while Redis is unreachable (no queue): callers fall back, never wait.
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
      : null;
    app.decorate('redis', redis);
    if (redis) {
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
    }
  },
  { name: 'redis' },
);
