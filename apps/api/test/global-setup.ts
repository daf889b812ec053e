import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../src/db/client';

/**
 * Creating a PGlite database runs initdb (about 2 s). The suite does it once: a migrated
 * database is dumped to a file, and every test database starts from a copy of it (about 0.5 s).
 */
export default async function setup() {
  if (process.env.TEST_DB === 'postgres') return;
  const client = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gin } });
  await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-template-')), 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
