import { pageWindow } from '../../db/page-window';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { pageIdsOf } from '../../db/page-ids';
import { boundedCount } from '../../db/bounded-count';
import { pageAndTotal } from '../../db/page-and-total';
import type { Database, Executor } from '../../db/client';
import { events, partnerActivities, partners, partnerUsers, users } from '../../db/schema/index';
import { phoneOrTextCondition } from '../../db/contains-condition';

export type PartnerRow = typeof partners.$inferSelect;
export type PartnerInsert = typeof partners.$inferInsert;

export interface PartnerListFilter {
  q?: string;
  status: PartnerRow['status'] | 'all';
  type: PartnerRow['type'] | 'all';
  verification: 'all' | 'verified' | 'unverified';
  page: number;
  limit: number;
}

/** One page, newest first, and the total; every filter is served by an index ending with created_at. */
export async function listPartners(db: Database, filter: PartnerListFilter): Promise<{ rows: PartnerRow[]; total: number }> {
  const search = filter.q ? phoneOrTextCondition(partners.searchText, filter.q) : undefined;
  const where = and(
    search,
    filter.status === 'all' ? undefined : eq(partners.status, filter.status),
    filter.type === 'all' ? undefined : eq(partners.type, filter.type),
    filter.verification === 'all' ? undefined : eq(partners.isVerified, filter.verification === 'verified'),
  );
  const order = [desc(partners.createdAt), desc(partners.id)];
  const window = pageWindow(filter);
  return pageAndTotal(db, {
    search: search && { table: partners, condition: search },
    // The page's ids from the index first (a deep page reads no row it skips), then their rows.
    page: (executor) =>
      executor
        .select()
        .from(partners)
        .where(inArray(partners.id, pageIdsOf(executor, partners.id, where, order, window)))
        .orderBy(...order),
    count: (executor) => boundedCount(executor, partners, where),
  });
}

export async function findPartner(db: Executor, id: string): Promise<PartnerRow | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a partner; null when the e-mail is taken (unique index). */
export async function insertPartner(tx: Executor, values: PartnerInsert): Promise<PartnerRow | null> {
  const [row] = await tx.insert(partners).values(values).onConflictDoNothing({ target: partners.email }).returning();
  return row ?? null;
}

export async function updatePartner(tx: Executor, id: string, values: Partial<PartnerInsert>): Promise<PartnerRow | null> {
  const [row] = await tx
    .update(partners)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(partners.id, id))
    .returning();
  return row ?? null;
}

/** Changes a field only from the expected value, so two requests at once cannot both pass. */
export async function updatePartnerIf(
  tx: Executor,
  id: string,
  condition: SQL,
  values: Partial<PartnerInsert>,
): Promise<PartnerRow | null> {
  const [row] = await tx
    .update(partners)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(partners.id, id), condition))
    .returning();
  return row ?? null;
}

export function statusIs(status: PartnerRow['status']): SQL {
  return eq(partners.status, status);
}

export function verifiedIs(value: boolean): SQL {
  return eq(partners.isVerified, value);
}

export async function emailTakenByOther(db: Executor, email: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.email, email), sql`${partners.id} <> ${exceptId}`))
    .limit(1);
  return !!row;
}

export async function listAuthorizedUsers(db: Executor, partnerId: string) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      email: users.email,
      phone: users.phone,
      avatar: users.avatar,
      isBlocked: users.isBlocked,
      addedAt: partnerUsers.createdAt,
    })
    .from(partnerUsers)
    .innerJoin(users, eq(users.id, partnerUsers.userId))
    .where(eq(partnerUsers.partnerId, partnerId))
    .orderBy(desc(partnerUsers.createdAt))
    .limit(200);
}

export async function countPartnerEvents(db: Executor, partnerId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(events).where(eq(events.partnerId, partnerId));
  return row?.total ?? 0;
}

export async function listActivities(db: Executor, partnerId: string, limit = 20) {
  return db
    .select({
      id: partnerActivities.id,
      type: partnerActivities.type,
      description: partnerActivities.description,
      createdAt: partnerActivities.createdAt,
      actorName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')`,
    })
    .from(partnerActivities)
    .leftJoin(users, eq(users.id, partnerActivities.actorId))
    .where(eq(partnerActivities.partnerId, partnerId))
    .orderBy(desc(partnerActivities.createdAt), desc(partnerActivities.id))
    .limit(limit);
}

/** Adds an authorised user; false when already there. */
export async function insertPartnerUser(tx: Executor, partnerId: string, userId: string, addedBy: string): Promise<boolean> {
  const rows = await tx
    .insert(partnerUsers)
    .values({ partnerId, userId, addedBy })
    .onConflictDoNothing()
    .returning({ userId: partnerUsers.userId });
  return rows.length === 1;
}

export async function deletePartnerUser(tx: Executor, partnerId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(partnerUsers)
    .where(and(eq(partnerUsers.partnerId, partnerId), eq(partnerUsers.userId, userId)))
    .returning({ userId: partnerUsers.userId });
  return rows.length === 1;
}

/**
 * Whether an account may act for a partner right now: the partner's status when the account is
 * one of its authorised users, or null (unknown partner, or not an authorised user).
 */
export async function partnerStatusForUser(
  db: Executor,
  partnerId: string,
  userId: string,
): Promise<PartnerRow['status'] | null> {
  const [row] = await db
    .select({ status: partners.status })
    .from(partnerUsers)
    .innerJoin(partners, eq(partners.id, partnerUsers.partnerId))
    .where(and(eq(partnerUsers.partnerId, partnerId), eq(partnerUsers.userId, userId)))
    .limit(1);
  return row?.status ?? null;
}

/** The partners an account may act for (not blocked), by name. */
export async function listPartnersOfUser(db: Executor, userId: string): Promise<PartnerRow[]> {
  const rows = await db
    .select({ partner: partners })
    .from(partnerUsers)
    .innerJoin(partners, eq(partners.id, partnerUsers.partnerId))
    .where(and(eq(partnerUsers.userId, userId), sql`${partners.status} <> 'blocked'`))
    .orderBy(partners.name)
    .limit(100);
  return rows.map((row) => row.partner);
}
