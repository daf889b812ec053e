import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database made for one run: its URL, and `drop` to remove it. */
export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (`<prefix>_<time>_<random>`);
 * `drop` removes it, closing any connection left. Used by the tests and the benchmarks.
 */
export async function freshPostgresDatabase(adminUrl: string, prefix = 'test'): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
