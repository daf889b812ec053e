import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { succeededWrite } from '../../plugins/caches';
import type { LiveSession } from './session.repository';

/** The channel of migration 0054's triggers; the payload is the account's id. */
export const SESSION_CHANGED_CHANNEL = 'session_changed';

/** At most this many sessions are kept; past it the cache starts afresh (as the answer cache). */
const MAX_ENTRIES = 10_000;

interface Entry {
  session: LiveSession;
  expires: number;
}

/**
 * The sessions this instance has just checked, by token hash (decision 070), so that a signed-in
 * request reads nothing when its session was read a moment ago. An entry is forgotten:
 * - when the database announces a change to its account's sessions or access ('session_changed',
 *   migration 0054), whatever made it and on whichever instance;
 * - at once, on this instance, after any successful write (`forgetAll`), so that a request's own
 *   change (a sign-out, a block) holds for the next request even before the announcement arrives;
 * - after `ttlMs`, in any case.
 * Nothing is kept while the announcements are not heard (`listening` false): the session is read
 * each time, as without the cache.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** The token hashes kept for each account, so that forgetting one account reads only its own. */
  private readonly byAccount = new Map<string, Set<string>>();
  private listening = false;
  /** Moves at every forgetting: a session read before a change is not kept after it. */
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** The live session of `tokenHash`: from the cache, or read by `read` (and then kept). */
  async get(tokenHash: string, read: () => Promise<LiveSession | null>): Promise<LiveSession | null> {
    if (!this.enabled) return read();
    const entry = this.entries.get(tokenHash);
    if (entry && entry.expires > Date.now()) return entry.session;
    const generation = this.generation;
    const session = await read();
    // An unknown token is not kept: anyone could fill the cache with them.
    if (session && generation === this.generation && this.enabled) {
      if (this.entries.size >= MAX_ENTRIES) this.clear();
      this.entries.set(tokenHash, { session, expires: Date.now() + this.ttlMs });
      const userId = session.user.id;
      const kept = this.byAccount.get(userId);
      if (kept) kept.add(tokenHash);
      else this.byAccount.set(userId, new Set([tokenHash]));
    }
    return session;
  }

  /** The announcements are heard (true) or may be missed (false: nothing is kept until heard again). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }

  /** The database announced a change to the sessions or the access of account `userId`. */
  forgetAccount(userId: string): void {
    this.generation += 1;
    for (const tokenHash of this.byAccount.get(userId) ?? []) this.entries.delete(tokenHash);
    this.byAccount.delete(userId);
  }

  forgetAll(): void {
    this.generation += 1;
    this.clear();
  }

  private clear(): void {
    this.entries.clear();
    this.byAccount.clear();
  }
}

/**
 * The instance's session cache, listening to the database's announcements while the app runs and
 * forgetting everything after each successful write of this instance; none when `ttlMs` is 0.
 */
export async function startSessionCache(
  app: FastifyInstance,
  database: DatabaseHandle,
  ttlMs: number,
): Promise<SessionCache | undefined> {
  if (ttlMs <= 0) return undefined;
  const cache = new SessionCache(ttlMs);
  const stopListening = await database.listen(
    SESSION_CHANGED_CHANNEL,
    (userId) => (userId ? cache.forgetAccount(userId) : cache.forgetAll()),
    (listening) => cache.setListening(listening),
  );
  app.addHook('onClose', stopListening);
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (succeededWrite(request, reply)) cache.forgetAll();
    done();
  });
  return cache;
}
