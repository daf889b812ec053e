import { isDeepStrictEqual } from 'node:util';
import { is, SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, type IndexedColumn, type PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/rows-of';
import * as schema from '../src/db/schema/index';
import { SQL_ONLY } from '../src/db/schema/sql-only';
import { openTestDatabase } from './build-test-app';

/**
 * The schema tells the truth (issue 26, item 7): every index of the migrated database is declared
 * in db/schema, and every index declared there exists, the same on both sides (table, unique,
 * method, keys with their order and operator class, partial condition). Primary keys and unique
 * constraints are indexes PostgreSQL builds for a constraint: they are compared with the
 * constraints Drizzle declares (`.primaryKey()`, `primaryKey({ columns })`, `.unique()`, `unique()`).
 */

interface IndexKey {
  /** A column name, or an expression (normalised, see `normalise`). */
  key: string;
  descending: boolean;
  nullsFirst: boolean;
  /** The operator class when it is not the type's default one (`gin_trgm_ops`). */
  opclass: string | null;
}

interface IndexShape {
  table: string;
  /** 'index', or the constraint the index was built for. */
  kind: 'index' | 'primary key' | 'unique constraint';
  unique: boolean;
  method: string;
  keys: IndexKey[];
  /** The condition of a partial index (normalised), else null. */
  where: string | null;
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * One spelling for an expression as Drizzle renders it and as PostgreSQL prints it back
 * (`pg_get_expr`, `pg_get_indexdef`): lower case, without quotes, table qualifiers, casts to a
 * one-word type, parentheses and spaces. `"events"."status" = 'published' and "events"."is_public"`
 * and `status = 'published'::event_status AND is_public` both read `status='published'andis_public`.
 */
function normalise(expression: string, table: string): string {
  return expression
    .toLowerCase()
    .replaceAll('"', '')
    .replaceAll(`${table}.`, '')
    .replace(/::[a-z_][a-z0-9_]*(\[\])?/g, '')
    .replace(/[()\s]/g, '');
}

function columnName(column: { name: string | undefined; keyAsName: boolean }): string {
  const name = column.name ?? '';
  return column.keyAsName ? toSnakeCase(name) : name;
}

function ascendingKey(key: string): IndexKey {
  return { key, descending: false, nullsFirst: false, opclass: null };
}

/** The indexes db/schema declares, by name, with those its primary keys and unique constraints imply. */
function declaredIndexes(): Map<string, IndexShape> {
  const declared = new Map<string, IndexShape>();
  const declare = (name: string, shape: IndexShape) => {
    expect(declared.has(name), `index ${name} declared twice`).toBe(false);
    declared.set(name, shape);
  };
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const table = config.name;
    const btree = { table, method: 'btree', where: null };
    for (const index of config.indexes) {
      const { name, columns, unique, method, where } = index.config;
      expect(name, `an index of ${table} has no name: give it the one of its migration`).toBeTruthy();
      declare(name as string, {
        table,
        kind: 'index',
        unique,
        method: method ?? 'btree',
        keys: columns.map((column): IndexKey => {
          if (is(column, SQL)) return ascendingKey(normalise(dialect.sqlToQuery(column, 'indexes').sql, table));
          const indexed = column as IndexedColumn;
          return {
            key: columnName(indexed),
            descending: indexed.indexConfig.order === 'desc',
            nullsFirst: indexed.indexConfig.nulls === 'first',
            opclass: indexed.indexConfig.opClass ?? null,
          };
        }),
        where: where ? normalise(dialect.sqlToQuery(where, 'indexes').sql, table) : null,
      });
    }
    const keysOf = (columns: PgColumn[]) => columns.map((column) => ascendingKey(columnName(column)));
    for (const column of config.columns) {
      // A column's own `.primaryKey()`: PostgreSQL names the constraint and its index `{table}_pkey`.
      if (column.primary) declare(`${table}_pkey`, { ...btree, kind: 'primary key', unique: true, keys: keysOf([column]) });
      if (column.isUnique) {
        // Drizzle names it when the schema does not (`{table}_{column}_unique`), and drizzle-kit keeps that name.
        declare(column.uniqueName as string, { ...btree, kind: 'unique constraint', unique: true, keys: keysOf([column]) });
      }
    }
    for (const primaryKey of config.primaryKeys) {
      // drizzle-kit names a composite primary key `{table}_{columns}_pk` (snake_case columns).
      const name = primaryKey.name ?? `${table}_${primaryKey.columns.map(columnName).join('_')}_pk`;
      declare(name, { ...btree, kind: 'primary key', unique: true, keys: keysOf(primaryKey.columns) });
    }
    for (const constraint of config.uniqueConstraints) {
      declare(constraint.getName() as string, {
        ...btree,
        kind: 'unique constraint',
        unique: true,
        keys: keysOf(constraint.columns),
      });
    }
  }
  return declared;
}

interface IndexKeyRow extends Record<string, unknown> {
  table_name: string;
  index_name: string;
  is_unique: boolean;
  method: string;
  predicate: string | null;
  constraint_type: 'p' | 'u' | null;
  position: number;
  key: string;
  descending: boolean;
  nulls_first: boolean;
  opclass: string;
  default_opclass: boolean;
}

/** The indexes of the database's `public` schema (`pg_indexes`), one row per key, from the catalogs. */
async function databaseIndexes(database: DatabaseHandle): Promise<Map<string, IndexShape>> {
  const rows = rowsOf<IndexKeyRow>(
    await database.db.execute(sql`
      select pi.tablename as table_name, pi.indexname as index_name, x.indisunique as is_unique,
             am.amname as method, pg_get_expr(x.indpred, x.indrelid, true) as predicate,
             (select c.contype from pg_constraint c
               where c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u')) as constraint_type,
             k.n as position, pg_get_indexdef(x.indexrelid, k.n, true) as key,
             (x.indoption[k.n - 1] & 1) <> 0 as descending, (x.indoption[k.n - 1] & 2) <> 0 as nulls_first,
             oc.opcname as opclass, oc.opcdefault as default_opclass
      from pg_indexes pi
      join pg_class i on i.relname = pi.indexname and i.relnamespace = 'public'::regnamespace
      join pg_index x on x.indexrelid = i.oid
      join pg_am am on am.oid = i.relam
      cross join lateral generate_series(1, x.indnkeyatts) as k(n)
      join pg_opclass oc on oc.oid = x.indclass[k.n - 1]
      where pi.schemaname = 'public'
      order by pi.indexname, k.n`),
  );
  const found = new Map<string, IndexShape>();
  for (const row of rows) {
    let shape = found.get(row.index_name);
    if (!shape) {
      const kind = row.constraint_type === 'p' ? 'primary key' : row.constraint_type === 'u' ? 'unique constraint' : 'index';
      shape = {
        table: row.table_name,
        kind,
        unique: row.is_unique,
        method: row.method,
        keys: [],
        where: row.predicate === null ? null : normalise(row.predicate, row.table_name),
      };
      found.set(row.index_name, shape);
    }
    shape.keys.push({
      key: normalise(row.key, row.table_name),
      descending: row.descending,
      nullsFirst: row.nulls_first,
      opclass: row.default_opclass ? null : row.opclass,
    });
  }
  return found;
}

describe('the schema declares every index of the migrated database', () => {
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dropDatabase } = await openTestDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })));
    await database.migrate();
  });
  afterAll(async () => {
    await dropDatabase();
  });

  it('finds each declared index in pg_indexes, each index of pg_indexes declared, and both alike', async () => {
    const declared = declaredIndexes();
    const found = await databaseIndexes(database);
    const missing = [...declared.keys()].filter((name) => !found.has(name)).sort();
    const undeclared = [...found.keys()].filter((name) => !declared.has(name)).sort();
    const different = [...declared.keys()]
      .filter((name) => found.has(name) && !isDeepStrictEqual(found.get(name), declared.get(name)))
      .map((name) => ({ name, declared: declared.get(name), inDatabase: found.get(name) }));
    // All three at once, so one run names every index to fix.
    expect({
      'declared in db/schema, built by no migration': missing,
      'built by a migration, not declared in db/schema': undeclared,
      'declared otherwise than built': different,
    }).toEqual({
      'declared in db/schema, built by no migration': [],
      'built by a migration, not declared in db/schema': [],
      'declared otherwise than built': [],
    });
    // The comparison covers the kinds the schema uses: plain, partial, expression, GIN and GiST
    // indexes with their operator class, composite primary keys.
    expect(found.size).toBeGreaterThan(100);
    expect(found.get('events_running_idx')).toMatchObject({
      method: 'gist',
      keys: [{ key: expect.stringContaining('tstzrange') }],
    });
    expect(found.get('events_category_art_search_trgm_idx')).toMatchObject({
      method: 'gin',
      where: "category='art'",
      keys: [{ key: 'search_text', opclass: 'gin_trgm_ops' }],
    });
    expect(found.get('events_created_id_idx')?.keys.map((key) => key.descending)).toEqual([true, true]);
    expect(found.get('login_throttles_subject_ip_pk')).toMatchObject({
      kind: 'primary key',
      keys: [{ key: 'subject' }, { key: 'ip' }],
    });
    expect(found.get('users_pkey')).toMatchObject({ kind: 'primary key', keys: [{ key: 'id' }] });
  });

  it('has exactly the extensions, functions, triggers, undeclared columns and INCLUDE columns schema/sql-only.ts lists (what Drizzle cannot declare)', async () => {
    const names = async (query: SQL) =>
      rowsOf<{ name: string }>(await database.db.execute(query))
        .map((row) => row.name)
        .sort();
    const extensions = await names(sql`select extname as name from pg_extension where extname <> 'plpgsql'`);
    // Functions of the public schema, without those an extension brought (pg_trgm's, btree_gin's).
    const functions = await names(sql`
      select p.proname as name from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
    // Triggers written by a migration (not those PostgreSQL makes for foreign keys).
    const triggers = await names(sql`
      select c.relname || '.' || t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`);
    // INCLUDE columns of the indexes (not keys, so not compared above), in their order.
    const includedRows = rowsOf<{ index_name: string; columns: string }>(
      await database.db.execute(sql`
        select i.relname as index_name, string_agg(a.attname, ',' order by k.n) as columns
        from pg_index x
        join pg_class i on i.oid = x.indexrelid and i.relnamespace = 'public'::regnamespace
        cross join lateral generate_series(x.indnkeyatts + 1, x.indnatts) as k(n)
        join pg_attribute a on a.attrelid = x.indrelid and a.attnum = x.indkey[k.n - 1]
        group by i.relname`),
    );
    expect(Object.fromEntries(includedRows.map((row) => [row.index_name, row.columns.split(',')]))).toEqual(SQL_ONLY.included);
    // Columns of the tables db/schema declares that it does not declare itself.
    const undeclared: Record<string, string[]> = {};
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      const declaredColumns = new Set(config.columns.map(columnName));
      const present = rowsOf<{ name: string }>(
        await database.db.execute(sql`
          select a.attname as name from pg_attribute a
          where a.attrelid = ${`public.${config.name}`}::regclass and a.attnum > 0 and not a.attisdropped
          order by a.attnum`),
      ).map((row) => row.name);
      const extra = present.filter((name) => !declaredColumns.has(name));
      if (extra.length > 0) undeclared[config.name] = extra;
    }
    expect(undeclared).toEqual(SQL_ONLY.columns);
    expect({ extensions, functions, triggers }).toEqual({
      extensions: [...SQL_ONLY.extensions].sort(),
      functions: [...SQL_ONLY.functions].sort(),
      triggers: Object.entries(SQL_ONLY.triggers)
        .flatMap(([table, names]) => names.map((name) => `${table}.${name}`))
        .sort(),
    });
  });
});
