import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import { guardTransactions } from './transaction-guard';
import { backfillUsernameSkeletons } from './username-skeletons';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository function can run on: the database or a transaction. */
export type Executor = Database | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Advisory lock key held while migrations run (any constant shared by every instance). */
export const MIGRATION_LOCK_KEY = 7_140_014;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Hears the notifications of `channel` (PostgreSQL's LISTEN) until the returned function is
   * called. `state(true)` once listening, `state(false)` whenever notifications may have been
   * missed (connection lost: it listens again a second later, and says `state(true)` again).
   */
  listen(channel: string, heard: (payload: string) => void, state: (listening: boolean) => void): Promise<() => Promise<void>>;
}

export interface DatabaseOptions {
  /** node-postgres connection string; without it, PGlite. */
  url?: string;
  /** PGlite data directory; without it, in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
  statementTimeoutMs: number;
  /** Tests: a query outside a transaction from inside it throws (see `transaction-guard.ts`). */
  guardTransactions?: boolean;
}

/** Opens PostgreSQL (node-postgres pool) when a URL is given, else the embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

/** The PGlite folder is open in another live process (the server, a seed): opening it too would corrupt it. */
export class DatabaseBusyError extends Error {}

/**
 * PGlite is one process's database: a second process writing the same folder corrupts it. A
 * lock file beside the folder (`db.lock`, holding the owner's pid) makes a second opener stop
 * with a clear message; a lock left by a process that no longer runs is taken over.
 */
function lockPgliteDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  const own = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, own, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (holder === process.pid) break;
      if (Number.isInteger(holder) && holder > 0 && processIsAlive(holder)) {
        throw new DatabaseBusyError(
          [
            `La base PGlite (${dataDir}) est déjà ouverte par un autre processus (pid ${holder}), sans doute le serveur :`,
            'arrêtez-le (Ctrl+C) puis relancez la commande. Avec DATABASE_URL (PostgreSQL), le serveur peut rester lancé.',
            `The PGlite database (${dataDir}) is already open in another process (pid ${holder}), probably the server:`,
            'stop it (Ctrl+C), then run the command again. With DATABASE_URL (PostgreSQL), the server may keep running.',
          ].join('\n'),
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  const release = () => {
    try {
      if (fs.readFileSync(lockFile, 'utf8') === own) fs.rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return () => {
    process.off('exit', release);
    release();
  };
}

/** A handle's `ping` (false once closed or when `probe` fails) and `close` (runs `end` once). */
function pingAndClose(probe: () => Promise<unknown>, end: () => Promise<void>): Pick<DatabaseHandle, 'ping' | 'close'> {
  let closed = false;
  return {
    async ping() {
      if (closed) return false;
      try {
        await probe();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await end();
    },
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function openPglite(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const unlock = options.dataDir ? lockPgliteDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(options.dataDir ?? 'memory://', {
      relaxedDurability: false,
      loadDataDir: options.loadDataDir,
      // Trigram indexes for the accent-free search, and btree_gin for a GIN index over plain
      // columns and trigrams together (decision 013); PostgreSQL ships both in contrib.
      extensions: { pg_trgm, btree_gin },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  await client.exec(`SET statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`);
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  if (options.guardTransactions) guardTransactions(db, client, ['query', 'exec']);
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
      await backfillUsernameSkeletons(db);
    },
    async listen(channel, heard, state) {
      // In the process itself: a notification is heard before the query that made it returns.
      const unlisten = await client.listen(channel, heard);
      state(true);
      return async () => {
        state(false);
        await unlisten().catch(() => {});
      };
    },
    ...pingAndClose(
      () => client.query('select 1'),
      async () => {
        await client.close();
        unlock();
      },
    ),
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    statement_timeout: options.statementTimeoutMs,
    // The server cancels a slow statement; these cover a database that stops answering at all
    // (network cut without a reset): the client gives up, the request answers 503.
    query_timeout: options.statementTimeoutMs + 2000,
    idle_in_transaction_session_timeout: Math.max(10_000, options.statementTimeoutMs * 2),
    keepAlive: true,
    connectionTimeoutMillis: 5000,
    // Idle connections are kept (0: never closed). A new one is a new PostgreSQL process, whose
    // first query loads the catalog of the events table and its 30 indexes and maps the shared
    // buffers it touches: the walk of a two-word agenda search at 1,000,000 events took 31 to 79 ms
    // there, 3 to 30 ms for other words on the same connection after it. Past the walk's time
    // limit (page-and-total.ts) such a search is counted instead (400 ms), so closing connections
    // idle for 30 s made the first searches after any quiet half-minute that slow.
    idleTimeoutMillis: 0,
  });
  // A dropped connection must not crash the process; the pool reconnects on the next query. The
  // pool hears the errors of its idle connections only: one lost while lent out (a transaction
  // between two queries) emits 'error' on the connection itself, which without a listener is an
  // uncaught exception. Its next query fails instead, and the pool drops it when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  if (options.guardTransactions) guardTransactions(db, pool, ['query', 'connect']);
  return {
    db,
    kind: 'postgres',
    // Several instances starting together: one applies the migrations, the others wait on the
    // advisory lock and then find nothing left to apply.
    async migrate() {
      const client = await pool.connect();
      try {
        // Building an index on a large table, or waiting for another instance, takes longer than
        // the statement timeout of requests.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzlePg(client, { schema, casing: 'snake_case' });
          await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
          await backfillUsernameSkeletons(locked as unknown as Database);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          await client.query(`set statement_timeout = ${Math.trunc(options.statementTimeoutMs)}`);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, heard, state) => listenPostgres(url, channel, heard, state),
    ...pingAndClose(
      () => db.execute(sql`select 1`),
      () => pool.end(),
    ),
  };
}

/** The listening connection asks itself this often whether it still hears (listenPostgres). */
const LISTEN_PING_MS = 5000;
/** A ping's payload: heard by the listener only, never passed on. */
const LISTEN_PING = 'listener-ping';

/**
 * PostgreSQL's LISTEN on a connection of its own (the pool's connections come and go), reconnected
 * a second after a loss. A connection that dies without a word (a half-open TCP connection, a
 * pooler that does not pass notifications on) is found by a ping: every LISTEN_PING_MS it notifies
 * itself on the channel, and a ping not heard back by the next one counts as a loss.
 */
async function listenPostgres(
  url: string,
  channel: string,
  heard: (payload: string) => void,
  state: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  /** Ends the connection listening now, if any. */
  let endCurrent: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const close = (client: pg.Client) => {
    client.removeAllListeners();
    client.on('error', () => {});
    return client.end().catch(() => {});
  };
  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5000,
    });
    let gone = false;
    let ping: NodeJS.Timeout | undefined;
    let pingHeard = true;
    const onLoss = () => {
      if (gone) return;
      gone = true;
      clearInterval(ping);
      endCurrent = null;
      void close(client);
      state(false);
      if (!stopped && !retry) {
        retry = setTimeout(() => {
          retry = undefined;
          void connect();
        }, 1000).unref();
      }
    };
    client.on('error', onLoss);
    client.on('end', onLoss);
    client.on('notification', (message) => {
      if (message.channel !== channel) return;
      if (message.payload === LISTEN_PING) pingHeard = true;
      else heard(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      onLoss();
      return;
    }
    if (gone) return;
    if (stopped) {
      gone = true;
      await close(client);
      return;
    }
    endCurrent = () => {
      gone = true;
      clearInterval(ping);
      return close(client);
    };
    ping = setInterval(() => {
      if (!pingHeard) return onLoss();
      pingHeard = false;
      client.query('select pg_notify($1, $2)', [channel, LISTEN_PING]).catch(onLoss);
    }, LISTEN_PING_MS).unref();
    state(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    state(false);
    await endCurrent?.();
    endCurrent = null;
  };
}
