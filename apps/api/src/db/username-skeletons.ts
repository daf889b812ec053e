import { and, asc, gt, sql } from 'drizzle-orm';
import { usernameSkeletons } from '@app/shared/username-skeleton';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index';
import { users } from './schema/index';

/** client.ts's `Database`, spelt out: client.ts runs this backfill, so this file does not import it. */
type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

const BATCH = 1000;

/**
 * Gives their UTS #39 skeletons to the accounts written before migration 0016 (decision 024), a
 * thousand at a time in id order, through the partial index of the rows still missing them: once
 * done, a start reads one empty index. Answers how many rows were given their skeletons.
 */
export async function backfillUsernameSkeletons(db: Pick<Database, 'select' | 'execute'>): Promise<number> {
  let done = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(and(sql`${users.username} is not null and ${users.usernameSkeletons} = '{}'::text[]`, gt(users.id, after)))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (rows.length === 0) return done;
    const values = rows.map((row) => ({ id: row.id, keys: usernameSkeletons(row.username ?? '') }));
    await db.execute(sql`
      update users set username_skeletons = array(select jsonb_array_elements_text(v.keys))
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, keys jsonb)
      where users.id = v.id`);
    done += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
