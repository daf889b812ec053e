import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

const GENERATION_KEY = 'answer-cache:generation';
const GENERATION_CHANNEL = 'answer-cache:generation';
const MAX_ENTRIES = 2000;

interface Entry {
  generation: string;
  expires: number;
  value: Promise<unknown>;
  refreshing: boolean;
  /** The value once computed (`freshAnswerHook` answers it without a promise). */
  resolved?: unknown;
}

/** Answers below this size go uncompressed (as `@fastify/compress`'s threshold). */
const COMPRESS_FROM_BYTES = 1024;
type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer as it goes on the wire: its text (JSON serialised, and so checked against the route's
 * response schema, once; or a rendered page) and each compressed form made at most once, when
 * first asked for.
 */
class SerializedAnswer {
  private readonly encoded = new Map<Encoding, Buffer>();
  /**
   * The text as UTF-8 bytes, made once: sent as a string, each answer was encoded again (its
   * length measured, then its characters converted on the socket), which cost a cached list
   * answer more than all the rest of its request (issue 31 item 3).
   */
  private readonly identity: Buffer;
  constructor(
    readonly text: string,
    readonly type: string,
  ) {
    this.identity = Buffer.from(text);
  }

  bytes(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br' ? brotliCompressSync(this.text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(this.text);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** Sends the answer, compressed when the caller accepts br or gzip (then `@fastify/compress` leaves it). */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(this.type);
    const accepted = request.headers['accept-encoding'];
    const encoding =
      accepted && this.text.length >= COMPRESS_FROM_BYTES
        ? negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), ENCODINGS)
        : null;
    if (!encoding) return reply.send(this.identity);
    return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(this.bytes(encoding));
  }
}

/** Past its TTL (and within this many TTLs), an answer is served once more while a fresh one is computed. */
const STALE_TTLS = 6;

/**
 * A short cache of answers that are the same for every caller (the event list as the public and
 * as event managers see it, the dashboard and charts, the public agenda page): decision 013. Past its TTL an answer is
 * served while a fresh one is computed behind it (at most STALE_TTLS × TTL old). Every entry
 * belongs to a generation; every content change (`app.contentChanged`: a successful write, except
 * those that only move counters) moves the generation, so the next read computes afresh. With REDIS_URL the generation lives in
 * Redis and each move is announced to every instance (publish/subscribe), so a write on one
 * instance invalidates the answers of all of them; while the subscription is down, nothing is
 * cached (the answer is computed, never stale). The answers themselves stay in each process,
 * serialised and compressed once.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private localGeneration = 0;
  /** The shared generation as last heard from Redis; null while not subscribed (nothing is cached then). */
  private sharedGeneration: number | null = null;

  /**
   * With Redis: `redis` moves the shared generation and announces it on GENERATION_CHANNEL;
   * `subscriber` (a connection of its own, as Redis subscriptions need) hears every instance's
   * announcements, so a cached read asks Redis nothing.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly redis?: Redis,
    private readonly subscriber?: Redis,
  ) {
    subscriber?.on('message', (_channel, value) => this.heard(Number(value)));
    // Announcements made while disconnected are lost: forget the generation until it is read again.
    subscriber?.on('close', () => {
      this.sharedGeneration = null;
    });
    subscriber?.on('ready', () => void this.follow());
    redis?.on('ready', () => void this.follow());
  }

  /** Subscribes, then reads the generation (so no move is missed between the two). */
  private async follow(): Promise<void> {
    if (this.redis?.status !== 'ready' || this.subscriber?.status !== 'ready') return;
    try {
      await this.subscriber.subscribe(GENERATION_CHANNEL);
      this.heard(Number((await this.redis.get(GENERATION_KEY)) ?? 0));
    } catch {
      // Not subscribed: nothing is cached until the next 'ready'.
    }
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Whether answers are cached now under the generation every instance shares (Redis). */
  get shared(): boolean {
    return this.enabled && this.redis !== undefined && this.generation() !== null;
  }

  private heard(generation: number): void {
    if (!Number.isFinite(generation) || this.subscriber?.status !== 'ready') return;
    this.sharedGeneration = Math.max(this.sharedGeneration ?? 0, generation);
  }

  private generation(): string | null {
    if (!this.redis) return String(this.localGeneration);
    if (this.subscriber?.status !== 'ready' || this.sharedGeneration === null) return null;
    return String(this.sharedGeneration);
  }

  /** The cached answer for `key`, or `compute()`'s (shared by concurrent callers); not async: a hit makes no promise more. */
  private get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const generation = this.generation();
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
    const entry: Entry = { generation, expires: Date.now() + this.ttlMs, value, refreshing: false };
    this.entries.set(key, entry);
    value.then(
      (resolved) => {
        entry.resolved = resolved;
      },
      // A failed computation is not kept.
      () => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      },
    );
  }

  /**
   * A route's `preValidation` hook: when the answer cached under `keyOf(request)` is fresh (this
   * generation, within its TTL) and computed, it is sent at once with `headers`, before the
   * route's validation and handler, and after its rate limit and access checks. `keyOf` returns
   * undefined for a request that must always reach the handler.
   */
  freshAnswerHook(
    keyOf: (request: FastifyRequest) => string | undefined,
    headers: Record<string, string> = {},
  ): preValidationHookHandler {
    return (request, reply, done) => {
      const key = keyOf(request);
      const entry = key === undefined ? undefined : this.entries.get(key);
      if (
        !entry ||
        !(entry.resolved instanceof SerializedAnswer) ||
        entry.generation !== this.generation() ||
        entry.expires <= Date.now()
      ) {
        done();
        return;
      }
      entry.resolved.send(request, reply.headers(headers));
    };
  }

  /** Makes the entry of `key` also the entry of `alias` (until either is stored again or the cache cleared). */
  private link(alias: string, key: string): void {
    const entry = this.entries.get(key);
    if (entry && alias !== key) this.entries.set(alias, entry);
  }

  /** A value the same for every caller, cached under `key` like the answers (for a part of an answer). */
  value<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.get(key, compute);
  }

  /**
   * Answers `compute()`'s value through the route's serializer, cached under `key`: a hit is sent
   * as stored bytes, with no serialisation, validation or compression again. With `alias` (a key
   * known before validation, such as the URL), `freshAnswerHook` answers it too.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    compute: () => Promise<unknown>,
    alias?: string,
  ): Promise<FastifyReply> {
    const answer = await this.get(key, async () => new SerializedAnswer(String(reply.serialize(await compute())), JSON_TYPE));
    if (alias) this.link(alias, key);
    return answer.send(request, reply);
  }

  /** The same for a page rendered as text (`type`: its content type). */
  async sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    type: string,
    render: () => Promise<string>,
    alias?: string,
  ): Promise<FastifyReply> {
    const answer = await this.get(key, async () => new SerializedAnswer(await render(), type));
    if (alias) this.link(alias, key);
    return answer.send(request, reply);
  }

  /** Every cached answer is stale from now on, on every instance sharing the Redis. */
  async invalidate(): Promise<void> {
    this.localGeneration += 1;
    this.entries.clear();
    if (!this.redis) return;
    try {
      const generation = await this.redis.incr(GENERATION_KEY);
      this.heard(generation);
      await this.redis.publish(GENERATION_CHANNEL, String(generation));
    } catch {
      // Redis down: the other instances do not cache meanwhile (their subscription is closed too).
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
}

export const answerCachePlugin = fp(
  async (app: FastifyInstance) => {
    const ttl = app.config.ANSWER_CACHE_TTL_MS ?? (app.config.NODE_ENV === 'test' ? 0 : 5000);
    let redis: Redis | undefined;
    let subscriber: Redis | undefined;
    if (ttl > 0 && app.redis) {
      redis = app.redis ?? undefined;
      // Subscribed, a connection can do nothing else: this one is the cache's own.
      subscriber = app.redis?.duplicate({ enableOfflineQueue: true });
      subscriber?.on('error', (error) => app.log.warn({ err: error }, 'redis error (answer cache subscription)'));
      app.addHook('onClose', async () => {
        subscriber?.disconnect();
      });
    }
    const cache = new AnswerCache(ttl, redis, subscriber);
    app.decorate('answerCache', cache);
    // Before the answer of the write leaves (the caches plugin announces it): the caller's next read already sees its write.
    if (cache.enabled) app.contentChanged.subscribe(() => cache.invalidate());
  },
  { name: 'answer-cache', dependencies: ['redis', 'caches'], decorators: { fastify: ['config'] } },
);
