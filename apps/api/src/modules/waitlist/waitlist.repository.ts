import { pageWindow } from '../../db/page-window';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { WaitlistStatus } from '@app/shared/waitlist';
import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';
import { boundedCount } from '../../db/bounded-count';
import { pageAndTotal } from '../../db/page-and-total';
import { rowCountsUnder } from '../../db/row-counts';
import { containsCondition, phoneOrTextCondition } from '../../db/contains-condition';
import { phoneSearchDigits } from '@app/shared/phone';
import type { Database, Executor } from '../../db/client';
import { cursorKeyOf, type KeysetOrder, keysetBatches, orderOfKeyset } from '../../db/keyset';
import { pageIdsOf } from '../../db/page-ids';
import { waitlistEntries } from '../../db/schema/index';
import { searchable } from '../../lib/text';

export type WaitlistRow = typeof waitlistEntries.$inferSelect;

export interface WaitlistFilters {
  search?: string;
  status?: WaitlistStatus | 'all';
}

/** Name, e-mail, phone in E.164 and the phone's digits alone, so '677 12 34' and '+237677' both match. */
export function waitlistSearchText(name: string, email: string | null, phone: string): string {
  return searchable(name, email, phone, phone.replace(/\D/g, ''));
}

/**
 * A search made only of phone characters is compared on its digits, in any written form
 * ('+237 6 77-12', '00237…': phoneOrTextCondition). Any other on the search text, its frequent
 * words kept out of the index's condition (containsCondition).
 */
async function searchCondition(db: Database, search: string): Promise<SQL> {
  if (phoneSearchDigits(search)) return phoneOrTextCondition(waitlistEntries.searchText, search);
  return containsCondition(db, waitlistEntries, waitlistEntries.searchText, search);
}

async function whereOf(db: Database, filters: WaitlistFilters): Promise<{ where: SQL | undefined; search: SQL | undefined }> {
  const words = filters.search?.trim();
  const search = words ? await searchCondition(db, words) : undefined;
  const status = filters.status && filters.status !== 'all' ? eq(waitlistEntries.status, filters.status) : undefined;
  return { where: and(status, search), search };
}

export async function findByPhoneOrEmail(db: Database, phone: string, email: string | undefined) {
  const condition = email
    ? or(eq(waitlistEntries.phone, phone), eq(waitlistEntries.email, email))
    : eq(waitlistEntries.phone, phone);
  const [row] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(condition).limit(1);
  return row ?? null;
}

/** Inserts a pending entry; answers null when the phone or e-mail is already listed (unique indexes). */
export async function insertEntry(
  db: Database,
  values: { name: string; phone: string; email: string | undefined; referralCode: string | undefined },
): Promise<WaitlistRow | null> {
  const email = values.email ?? null;
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      name: values.name,
      phone: values.phone,
      email,
      referralCode: values.referralCode ?? null,
      searchText: waitlistSearchText(values.name, email, values.phone),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Every entry, whatever its status: the sum of the counts the database keeps (migration 0013), no row read. */
export async function countEntries(db: Database): Promise<number> {
  return (await rowCountsUnder(db, 'waitlist:')).total;
}

/** One page, newest first, with the total of the filtered list (exact up to 1000: decision 013). */
export async function listPage(db: Database, filters: WaitlistFilters, page: number, limit: number) {
  const { where, search } = await whereOf(db, filters);
  const order = [desc(waitlistEntries.createdAt), desc(waitlistEntries.id)];
  const { rows: items, total } = await pageAndTotal(db, {
    search: search && { table: waitlistEntries, condition: search },
    page: (executor) => {
      const pageIds = pageIdsOf(executor, waitlistEntries.id, where, order, pageWindow({ page, limit }));
      return executor
        .select()
        .from(waitlistEntries)
        .where(inArray(waitlistEntries.id, pageIds))
        .orderBy(...order);
    },
    count: (executor) => boundedCount(executor, waitlistEntries, where),
  });
  return { items, total };
}

/** The cells the CSV export shows, nothing more (no search text to read and map per row). */
const exportColumns = {
  name: waitlistEntries.name,
  email: waitlistEntries.email,
  phone: waitlistEntries.phone,
  status: waitlistEntries.status,
  referralCode: waitlistEntries.referralCode,
  /** As Excel reads a French date, in Douala time: '02/03/2026 00:30'. */
  signedUpAt: sql<string>`to_char(${waitlistEntries.createdAt} at time zone ${DOUALA_TIME_ZONE}, 'DD/MM/YYYY HH24:MI')`,
};

/** Rows per query of the CSV export. */
export const EXPORT_BATCH_SIZE = 5000;

export type WaitlistExportRow = Pick<WaitlistRow, 'name' | 'email' | 'phone' | 'status' | 'referralCode'> & {
  signedUpAt: string;
};

/** The waiting list newest first, as its export reads it (decision 008: rows sharing a millisecond kept apart). */
const NEWEST_FIRST: KeysetOrder = { key: waitlistEntries.createdAt, id: waitlistEntries.id, direction: 'desc' };

/**
 * Every entry matching the filters, newest first, in batches (`keysetBatches`), so an export of
 * 100 000 rows never holds them all in memory.
 */
export async function* iterateEntries(
  db: Database,
  filters: WaitlistFilters,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<WaitlistExportRow[]> {
  const { where } = await whereOf(db, filters);
  yield* keysetBatches(NEWEST_FIRST, batchSize, (after, limit) =>
    db
      .select({ ...exportColumns, id: waitlistEntries.id, cursorKey: cursorKeyOf(waitlistEntries.createdAt) })
      .from(waitlistEntries)
      .where(and(where, after))
      .orderBy(...orderOfKeyset(NEWEST_FIRST))
      .limit(limit),
  );
}

export async function findById(db: Database, id: string) {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row ?? null;
}

/** Moves a pending entry to `status`; null when the entry is missing or no longer pending. */
export async function decidePending(db: Executor, id: string, status: Exclude<WaitlistStatus, 'pending'>) {
  const [row] = await db
    .update(waitlistEntries)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function deleteById(db: Executor, id: string) {
  const [row] = await db.delete(waitlistEntries).where(eq(waitlistEntries.id, id)).returning();
  return row ?? null;
}
