import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Tests only (`DatabaseOptions.guardTransactions`): code running inside a transaction that reads
 * or writes outside it. On PGlite, one connection, that query waits for the transaction, which
 * waits for the query: the request never answers (issue 31: a premium payment read the settings
 * this way once their 5-second copy had expired). On PostgreSQL it holds a second connection of
 * the pool and reads outside the transaction's snapshot. The guard turns both into an error at
 * once, whether or not a cache would have spared the query this time.
 */

const insideTransaction = new AsyncLocalStorage<true>();
let guarding = false;

type Transaction = (work: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;

export class QueryOutsideTransactionError extends Error {
  constructor(what: string) {
    super(
      `${what} inside a transaction, but outside it: on PGlite it waits for the transaction forever. Read it before the transaction, or through the transaction.`,
    );
  }
}

/** Whether the caller runs inside a guarded transaction (see above); always false outside the tests. */
export function insideGuardedTransaction(): boolean {
  return guarding && insideTransaction.getStore() === true;
}

/**
 * Marks the callbacks of `db.transaction`, and makes `outside` (the methods that query without the
 * transaction: PGlite's or the pool's) refuse to run from inside one.
 */
export function guardTransactions(db: object, outside: object, methods: readonly string[]): void {
  guarding = true;
  const guarded = db as { transaction: Transaction };
  const transaction = guarded.transaction.bind(db);
  guarded.transaction = (work, config) => transaction((tx) => insideTransaction.run(true, () => work(tx)), config);
  const queries = outside as Record<string, (...args: unknown[]) => unknown>;
  for (const method of methods) {
    const original = queries[method] as (...args: unknown[]) => unknown;
    queries[method] = (...args: unknown[]) => {
      if (insideGuardedTransaction()) throw new QueryOutsideTransactionError('A query');
      return original.apply(outside, args);
    };
  }
}
