import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { WRITE_METHODS } from './caches';

/*
 * Real-time signals to the people whose screens are open (issue 29, decision 063). A signal says
 * only what changed ('your notifications', 'this conversation'); the screen then reads it through
 * the API, which checks access as for any read. With REDIS_URL every instance hears every signal
 * through one publish/subscribe channel and passes it to the streams it holds; without Redis,
 * in this process only.
 */

export type RealtimeSignal =
  | { type: 'notifications' }
  | { type: 'conversation'; conversationId: string }
  | { type: 'support' }
  /** Sessions of the account ended (blocked, signed out, a device removed): its streams check theirs now. */
  | { type: 'revoked' };

type Listener = (signal: RealtimeSignal) => void;

/**
 * The people given a notification by the work under way — a request, or a job's run — who hear
 * 'notifications' once it is done: the writes of notifications run inside the transactions of
 * their causes (decision 060), whose commit only the work around them sees.
 */
const notifiedByWork = new AsyncLocalStorage<Set<string>>();

/**
 * The works (write requests, jobs) under way with a set of their own. With none, the storage is
 * turned off: while on, Node runs its hooks at every promise of the process, reads included
 * (issue 31 item 3); reads never notify anyone.
 */
let worksUnderWay = 0;

function withNotified<T>(notified: Set<string>, work: () => T): T {
  worksUnderWay += 1;
  return notifiedByWork.run(notified, work);
}

function workDone(): void {
  worksUnderWay -= 1;
  if (worksUnderWay === 0) notifiedByWork.disable();
}

/** Notes that these people were given a notification by the work under way (see `notifiedByWork`). */
export function noteNotified(userIds: Iterable<string>): void {
  const notified = notifiedByWork.getStore();
  if (!notified) return;
  for (const userId of userIds) notified.add(userId);
}

const CHANNEL = 'realtime:signals';
/** A publish names at most this many people, so that no Redis message grows without bound. */
const PEOPLE_PER_MESSAGE = 2000;
const PUBLISH_TIMEOUT_MS = 1000;

export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The team members holding 'Messagerie' open (manage_chats), told of every support message. */
  private readonly supportListeners = new Set<Listener>();

  constructor(
    private readonly redis: Redis | null,
    private readonly log: FastifyInstance['log'],
  ) {}

  /** The open streams on this instance. */
  get openStreams(): number {
    let count = this.supportListeners.size;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  /** Listens for the signals to one person; the function returned stops listening. */
  listen(userId: string, listener: Listener, options: { support?: boolean } = {}): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    if (options.support) this.supportListeners.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
      this.supportListeners.delete(listener);
    };
  }

  /**
   * Tells these people, on every instance. Called after the transaction that made the change has
   * committed; a signal lost (Redis down) costs only a delay: screens also read on focus.
   */
  async tell(userIds: readonly string[], signal: RealtimeSignal): Promise<void> {
    const unique = [...new Set(userIds)];
    for (let start = 0; start < unique.length; start += PEOPLE_PER_MESSAGE) {
      await this.broadcast({ userIds: unique.slice(start, start + PEOPLE_PER_MESSAGE), signal });
    }
  }

  /** Runs a job's work, then tells 'notifications' to the people it notified (see `noteNotified`). */
  async tellNotifiedBy<T>(work: () => Promise<T>): Promise<T> {
    const notified = new Set<string>();
    let result: T;
    try {
      result = await withNotified(notified, work);
    } finally {
      workDone();
    }
    if (notified.size > 0) await this.tell([...notified], { type: 'notifications' });
    return result;
  }

  /** Tells the team members holding 'Messagerie' open that the support inbox changed. */
  async tellSupport(): Promise<void> {
    await this.broadcast({ userIds: [], signal: { type: 'support' } });
  }

  private async broadcast(message: { userIds: string[]; signal: RealtimeSignal }): Promise<void> {
    if (!this.redis) return this.deliver(message);
    try {
      // A Redis that hangs must not hold the answer of a write already committed.
      await Promise.race([
        this.redis.publish(CHANNEL, JSON.stringify(message)),
        new Promise((_, reject) => setTimeout(() => reject(new Error('Redis publish timed out')), PUBLISH_TIMEOUT_MS).unref()),
      ]);
    } catch (error) {
      // Redis unreachable: at least the screens open on this instance hear it.
      this.log.warn({ err: error }, 'real-time signal not published: delivered on this instance only');
      this.deliver(message);
    }
  }

  /** Passes a signal heard on the channel (or made here, without Redis) to the streams of this instance. */
  deliver(message: { userIds: string[]; signal: RealtimeSignal }): void {
    if (message.signal.type === 'support') {
      for (const listener of this.supportListeners) listener(message.signal);
      return;
    }
    for (const userId of message.userIds) {
      for (const listener of this.listeners.get(userId) ?? []) listener(message.signal);
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
  interface FastifyRequest {
    /** The people this request gave a notification (see `noteNotified`), told once it answered. */
    notified: Set<string> | null;
  }
}

export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new RealtimeHub(app.redis, app.log);
    app.decorate('realtime', hub);
    // Each write request notes whom it notified; they hear it once it answered successfully (its
    // transactions committed). A failed request wrote nothing to tell. The set hangs on the request
    // (no WeakMap), and the answer of a request that notified nobody costs no promise; a read has no
    // set (issue 31 item 3).
    app.decorateRequest('notified', null);
    // A write's work ends when its answer is sent (its handler or the error handler is done), not
    // when its client leaves: a handler still running keeps the storage on.
    const writesUnderWay = new WeakSet<FastifyRequest>();
    app.addHook('onRequest', (request, _reply, done) => {
      if (!WRITE_METHODS.has(request.method)) return done();
      const notified = new Set<string>();
      request.notified = notified;
      writesUnderWay.add(request);
      withNotified(notified, done);
    });
    app.addHook('onSend', (request, _reply, _payload, done) => {
      if (writesUnderWay.delete(request)) workDone();
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const notified = request.notified;
      if (!notified || notified.size === 0 || reply.statusCode >= 400) return done();
      hub.tell([...notified], { type: 'notifications' }).then(() => done(), done);
    });
    if (!app.redis) return;
    // A subscribed connection takes no other command: a connection of its own, which waits for
    // Redis and subscribes again after a disconnection.
    const subscriber = app.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null });
    subscriber.on('error', (error) => app.log.warn({ err: error }, 'real-time subscriber: Redis error'));
    subscriber.on('message', (_channel: string, raw: string) => {
      try {
        hub.deliver(JSON.parse(raw));
      } catch (error) {
        app.log.warn({ err: error }, 'real-time signal unreadable');
      }
    });
    // Redis down at start does not hold the start: the subscription is made when it connects.
    const subscribed = subscriber.subscribe(CHANNEL).catch((error: unknown) => {
      app.log.warn({ err: error }, 'real-time: not subscribed to Redis');
    });
    await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
    app.addHook('onClose', async () => {
      subscriber.disconnect();
    });
  },
  { name: 'realtime', dependencies: ['redis'] },
);
