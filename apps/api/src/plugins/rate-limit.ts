import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyAttempts } from '../lib/errors';
import { type Count, LocalCounters, RedisCounters } from './rate-limit-counters';

type StoreCallback = (error: Error | null, result?: Count) => void;

/** Keys kept by the in-process counters (least recently used dropped first). */
const LOCAL_KEYS = 20_000;

export type RedisState = 'up' | 'down' | 'disabled';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the rate-limit counters live now: Redis ('up'), in-process because Redis fails ('down'), or no Redis ('disabled'). */
    redisState(): RedisState;
  }
}

/**
 * Rate limits are declared per route (`config.rateLimit`); nothing is limited globally.
 * With REDIS_URL the counters live in Redis so several instances agree. When Redis does not
 * answer, every count falls back to in-process counters (logged once), so limits never switch
 * off; they go back to Redis when it answers again (decision 008). Every answer of Redis is
 * copied into the in-process counter of its key, so a fall-back goes on from the last count
 * this instance saw instead of from zero (issue 24, finding 19, decision 020).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const { redis } = app;
    let fallingBack = false;
    const fallBack = (error?: Error) => {
      if (fallingBack) return;
      fallingBack = true;
      app.log.error({ err: error }, 'redis unreachable: rate limits use in-process counters until it answers');
    };
    if (redis) {
      redis.on('error', (error) => fallBack(error));
      redis.on('ready', () => {
        if (fallingBack) app.log.info('redis answers again: rate limits use it');
        fallingBack = false;
      });
    }
    app.decorate('redisState', (): RedisState => {
      if (!redis) return 'disabled';
      return redis.status === 'ready' && !fallingBack ? 'up' : 'down';
    });

    const redisCounters = redis ? new RedisCounters(redis) : null;

    /** Counts in Redis while it answers, in this process otherwise; one key space per route. */
    class FallbackStore implements FastifyRateLimitStore {
      constructor(
        _pluginOptions?: unknown,
        private readonly prefix = 'rl:',
        private readonly local = new LocalCounters(LOCAL_KEYS),
      ) {}
      private locally(method: 'incr' | 'read', fullKey: string, callback: StoreCallback, timeWindow: number) {
        callback(null, method === 'incr' ? this.local.incr(fullKey, timeWindow) : this.local.read(fullKey));
      }
      private count(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number) {
        const fullKey = this.prefix + key;
        // Without Redis (or while it fails), counted in this process with no closure made per
        // request (issue 31 item 3).
        if (!redisCounters || !redis || redis.status !== 'ready') {
          if (redis) fallBack();
          return this.locally(method, fullKey, callback, timeWindow);
        }
        const asked = method === 'incr' ? redisCounters.incr(fullKey, timeWindow) : redisCounters.read(fullKey);
        asked.then(
          (count) => {
            this.local.remember(fullKey, count);
            callback(null, count);
          },
          (error: Error) => {
            fallBack(error);
            this.locally(method, fullKey, callback, timeWindow);
          },
        );
      }
      incr(key: string, callback: StoreCallback, timeWindow: number) {
        this.count('incr', key, callback, timeWindow);
      }
      read(key: string, callback: StoreCallback, timeWindow: number) {
        this.count('read', key, callback, timeWindow);
      }
      child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
        // The plugin passes the route's merged limit options with the route under `routeInfo`
        // (its type says otherwise); `app.rateLimit()` limits outside a route have no route.
        const route = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } }).routeInfo ?? {};
        return new FallbackStore(undefined, `${this.prefix}${route.method ?? ''}${route.url ?? ''}-`, this.local);
      }
    }

    await app.register(rateLimit, {
      global: false,
      store: FallbackStore as never,
      skipOnError: false,
      // Thrown by the plugin: an AppError so the errors plugin answers this French message as is.
      errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
