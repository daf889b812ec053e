import { insideGuardedTransaction, QueryOutsideTransactionError } from '../db/transaction-guard';
/**
 * Values kept in memory for `ttlMs` each, under a key (decision 035). `get(key, load)` answers the
 * kept value while it is fresh, or loads it once however many callers ask meanwhile (they share
 * the one load). A failed load is not kept. `clear()` and `delete()` also void the loads under
 * way: a value read before the change is never kept after it. With `ttlMs` 0 nothing is kept;
 * only loads under way are shared.
 */
export class TtlCache<V, K = string> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private readonly loading = new Map<K, { promise: Promise<V>; generation: number }>();
  /** Moved by every clear and delete: a load started before it does not store its value. */
  private generation = 0;

  constructor(
    /** What the cache holds, for the log and the tests (`app.caches`). */
    readonly name: string,
    readonly ttlMs: number,
    /** Read at each call (tests move `Date.now`). */
    private readonly clock: () => number = () => Date.now(),
    /** At most this many values; past it the oldest one is dropped. */
    private readonly maxEntries = 1000,
  ) {}

  /** The fresh value under `key`, if any. */
  peek(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.clock() - entry.at < this.ttlMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    // Its load reads outside any transaction: refused inside one even when a copy is kept, so the
    // tests find such a call whatever the timing.
    if (insideGuardedTransaction()) throw new QueryOutsideTransactionError(`A read of the cache '${this.name}'`);
    const fresh = this.peek(key);
    if (fresh !== undefined) return Promise.resolve(fresh);
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const generation = this.generation;
    const promise = load();
    const started = { promise, generation };
    this.loading.set(key, started);
    const done = () => {
      if (this.loading.get(key) === started) this.loading.delete(key);
    };
    promise.then((value) => {
      done();
      if (this.generation === generation) this.set(key, value);
    }, done);
    return promise;
  }

  /** Keeps `value` under `key` from now (a write that knows the new value: no read needed). */
  set(key: K, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, at: this.clock() });
  }

  delete(key: K): void {
    this.generation += 1;
    this.entries.delete(key);
    this.loading.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** How many values are kept now (fresh or not yet dropped). */
  get size(): number {
    return this.entries.size;
  }
}
