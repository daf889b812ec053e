import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { tooManyAttempts } from '../lib/errors';

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number } | null) => void;
/** What LocalStore keeps per key (its `lru`): the count, the time left and when the window began. */
interface LocalEntry {
  current: number;
  ttl: number;
  iterationStartMs: number;
}
interface Store {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}
interface RouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo: { method: string; url: string };
}
type StoreConstructor = new (...args: unknown[]) => Store;

const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreConstructor;
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreConstructor;

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
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
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
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  app.decorate('redisState', (): RedisState => {
    if (!redis) return 'disabled';
    return redis.status === 'ready' && !fallingBack ? 'up' : 'down';
  });

  class FallbackStore implements Store {
    private readonly redisStore: Store | null;
    private readonly localStore: Store;
    constructor(
      params: { continueExceeding?: boolean; exponentialBackoff?: boolean },
      redisStore?: Store | null,
      localStore?: Store,
    ) {
      this.redisStore =
        redisStore !== undefined
          ? redisStore
          : redis
            ? new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, 'rl:')
            : null;
      this.localStore = localStore ?? new LocalStore(params.continueExceeding, params.exponentialBackoff, LOCAL_KEYS);
    }
    /** Keeps Redis's last answer for a key in the in-process counter, to go on from if Redis fails. */
    private remember(key: string, result: { current: number; ttl: number } | null | undefined, timeWindow: number) {
      const lru = (this.localStore as unknown as { lru?: { set(key: string, value: LocalEntry): void } }).lru;
      if (!lru || !result) return;
      const now = Date.now();
      lru.set(key, { current: result.current, ttl: result.ttl, iterationStartMs: now - Math.max(0, timeWindow - result.ttl) });
    }
    private call(method: 'incr' | 'read', key: string, callback: StoreCallback, timeWindow: number, max: number) {
      if (!this.redisStore || !redis || redis.status !== 'ready') {
        if (redis) fallBack();
        this.localStore[method](key, callback, timeWindow, max);
        return;
      }
      this.redisStore[method](
        key,
        (error, result) => {
          if (!error) {
            this.remember(key, result, timeWindow);
            return callback(null, result);
          }
          fallBack(error);
          this.localStore[method](key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      this.call('incr', key, callback, timeWindow, max);
    }
    read(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      this.call('read', key, callback, timeWindow, max);
    }
    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(routeOptions, this.redisStore?.child(routeOptions) ?? null, this.localStore.child(routeOptions));
    }
  }

  await app.register(rateLimit, {
    global: false,
    store: FallbackStore as never,
    skipOnError: false,
    // Thrown by the plugin: an AppError so the errors plugin answers this French message as is.
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });
});
