import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { QueryOutsideTransactionError } from '../src/db/transaction-guard';
import { buildTestApp } from './build-test-app';
import { testAppForFile } from './helper';

/*
 * A query outside a transaction, made from inside it, waits forever on PGlite (one connection):
 * a premium payment and an organiser's 'Rouvrir' once hung that way when the settings' 5-second
 * copy had just expired. The tests' databases refuse such a query at once, cached or not.
 */

const testApp = testAppForFile(() => buildTestApp());

describe('the transaction guard of the tests', () => {
  it('refuses a query outside the transaction from inside it, and lets the transaction’s own through', async () => {
    const { db } = testApp.app;
    // Drizzle wraps the error as 'Failed query', with the guard's as its cause.
    const refused = await db.transaction(async () => db.execute(sql`select 1`)).catch((error: unknown) => error);
    expect((refused as Error).cause).toBeInstanceOf(QueryOutsideTransactionError);
    await expect(db.transaction(async (tx) => tx.$count(users))).resolves.toBeGreaterThan(0);
    // Outside any transaction, and again after one: nothing refused.
    await expect(db.execute(sql`select 1`)).resolves.toBeDefined();
  });

  it('refuses a read of a kept value inside a transaction, even while the copy is fresh', async () => {
    const { db, settings } = testApp.app;
    await settings.get();
    await expect(db.transaction(async () => settings.get())).rejects.toThrow(/cache 'settings'/);
  });
});
