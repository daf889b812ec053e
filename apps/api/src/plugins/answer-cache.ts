import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

const GENERATION_KEY = 'answer-cache:generation';
const MAX_ENTRIES = 2000;

interface Entry {
  generation: string;
  expires: number;
  value: Promise<unknown>;
  refreshing: boolean;
}

/** Past its TTL (and within this many TTLs), an answer is served once more while a fresh one is computed. */
const STALE_TTLS = 6;

/**
 * A short cache of answers that are the same for every caller (the anonymous event list, the
 * dashboard and charts): decision 013. Past its TTL an answer is served while a fresh one is
 * computed behind it (at most STALE_TTLS × TTL old). Every entry belongs to a generation; any successful write
 * (a POST, PUT, PATCH or DELETE answered below 400) moves the generation, so the next read
 * computes afresh. With REDIS_URL the generation lives in Redis, so a write on one instance
 * invalidates the answers of all of them; when Redis does not answer, nothing is cached (the
 * answer is computed, never stale). The answers themselves stay in each process.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private localGeneration = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly redis?: Redis,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  private async generation(): Promise<string | null> {
    if (!this.redis) return String(this.localGeneration);
    if (this.redis.status !== 'ready') return null;
    try {
      return (await this.redis.get(GENERATION_KEY)) ?? '0';
    } catch {
      return null;
    }
  }

  /** The cached answer for `key`, or `compute()`'s (shared by concurrent callers). */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const generation = await this.generation();
    if (generation === null) return compute();
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && entry.generation === generation) {
      if (entry.expires > now) return entry.value as Promise<T>;
      // Expired but no write since: answer it and refresh behind (stale-while-revalidate), so no
      // reader waits for the recomputation.
      if (entry.expires + this.ttlMs * STALE_TTLS > now) {
        if (!entry.refreshing) {
          entry.refreshing = true;
          const fresh = compute();
          fresh.then(
            () => {
              if (this.entries.get(key) === entry) this.store(key, generation, fresh);
            },
            () => {
              entry.refreshing = false;
            },
          );
        }
        return entry.value as Promise<T>;
      }
    }
    const value = compute();
    this.store(key, generation, value);
    return value;
  }

  private store(key: string, generation: string, value: Promise<unknown>): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { generation, expires: Date.now() + this.ttlMs, value, refreshing: false });
    // A failed computation is not kept.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
  }

  /** Every cached answer is stale from now on, on every instance sharing the Redis. */
  async invalidate(): Promise<void> {
    this.localGeneration += 1;
    this.entries.clear();
    if (!this.redis) return;
    try {
      await this.redis.incr(GENERATION_KEY);
    } catch {
      // Redis down: the other instances do not cache meanwhile (their generation read fails too).
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Writes that change nothing a cached answer shows (a sign-in records only the account's last login). */
const KEEPS_ANSWERS = new Set(['/api/users/login']);

export const answerCachePlugin = fp(async (app: FastifyInstance) => {
  const ttl = app.config.ANSWER_CACHE_TTL_MS ?? (app.config.NODE_ENV === 'test' ? 0 : 5000);
  let redis: Redis | undefined;
  if (ttl > 0 && app.config.REDIS_URL) {
    redis = new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error (answer cache)'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  const cache = new AnswerCache(ttl, redis);
  app.decorate('answerCache', cache);
  if (!cache.enabled) return;
  // Before the answer leaves: the caller's next read already sees its write.
  app.addHook('onSend', async (request, reply) => {
    if (WRITES.has(request.method) && reply.statusCode < 400 && !KEEPS_ANSWERS.has(request.routeOptions.url ?? '')) {
      await cache.invalidate();
    }
  });
});
