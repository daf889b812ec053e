import { pageWindow } from '../../db/page-window';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { boundedCount } from '../../db/bounded-count';
import type { Database, Executor } from '../../db/client';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { pageAndTotal } from '../../db/page-and-total';
import { pageIdsOf } from '../../db/page-ids';
import { auditLog, businessPageEvents, businessPages, events, partners, users } from '../../db/schema/index';

export type BusinessPageRow = typeof businessPages.$inferSelect;
export type BusinessPageInsert = typeof businessPages.$inferInsert;

export interface BusinessPageWithNames extends BusinessPageRow {
  ownerUsername: string | null;
  partnerName: string | null;
  eventsCount: number;
}

const columns = {
  page: businessPages,
  ownerUsername: users.username,
  partnerName: partners.name,
};

/** Attaches the events count of each page: one grouped query for the whole page of rows. */
async function withCounts(
  db: Executor,
  rows: { page: BusinessPageRow; ownerUsername: string | null; partnerName: string | null }[],
): Promise<BusinessPageWithNames[]> {
  const ids = rows.map((row) => row.page.id);
  const counts = new Map<string, number>();
  if (ids.length > 0) {
    const grouped = await db
      .select({ pageId: businessPageEvents.pageId, total: count() })
      .from(businessPageEvents)
      .where(inArray(businessPageEvents.pageId, ids))
      .groupBy(businessPageEvents.pageId);
    for (const row of grouped) counts.set(row.pageId, row.total);
  }
  return rows.map((row) => ({
    ...row.page,
    ownerUsername: row.ownerUsername,
    partnerName: row.partnerName,
    eventsCount: counts.get(row.page.id) ?? 0,
  }));
}

/**
 * One page of business pages, newest first (index on created_at, id), and its bounded total. `q`
 * is matched on `search_text` (page name, owner, partner; a phone in any written form) through its
 * trigram index (decision 030).
 */
export async function listBusinessPages(
  db: Database,
  filter: { q?: string; page: number; limit: number },
): Promise<{ rows: BusinessPageWithNames[]; total: number }> {
  const search = filter.q ? phoneOrTextCondition(businessPages.searchText, filter.q) : undefined;
  const order = [desc(businessPages.createdAt), desc(businessPages.id)];
  const window = pageWindow(filter);
  const { rows, total } = await pageAndTotal(db, {
    search: search && { table: businessPages, condition: search },
    // The page's ids from the index first, then their rows and names: joined before the page is
    // cut, a deep page joined every row it skipped (0.6 s at page 1,000).
    page: (executor) =>
      executor
        .select(columns)
        .from(businessPages)
        .leftJoin(users, eq(users.id, businessPages.ownerId))
        .leftJoin(partners, eq(partners.id, businessPages.partnerId))
        .where(inArray(businessPages.id, pageIdsOf(executor, businessPages.id, search, order, window)))
        .orderBy(...order),
    count: (executor) => boundedCount(executor, businessPages, search),
  });
  return { rows: await withCounts(db, rows), total };
}

/** The owner's names and contact, for the back office's detail panel only. */
export async function findOwnerContact(db: Executor, ownerId: string) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, ownerId))
    .limit(1);
  return row ?? null;
}

/** The audit actions that change a page's status (decision 030): its creation and (de)activations. */
export const STATUS_ACTIONS = ['business_page.create', 'business_page.activate', 'business_page.deactivate'] as const;

/**
 * A page's status history, newest first, read from the audit log through `audit_log_target_idx`
 * (target_type, target_id, created_at), with the actor's name while its account exists.
 */
export async function listStatusHistory(db: Executor, pageId: string, limit = 50) {
  return db
    .select({
      action: auditLog.action,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorUsername: users.username,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(eq(auditLog.targetType, 'business_page'), eq(auditLog.targetId, pageId), inArray(auditLog.action, [...STATUS_ACTIONS])),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export async function findBusinessPage(db: Executor, id: string): Promise<BusinessPageWithNames | null> {
  const rows = await db
    .select(columns)
    .from(businessPages)
    .leftJoin(users, eq(users.id, businessPages.ownerId))
    .leftJoin(partners, eq(partners.id, businessPages.partnerId))
    .where(eq(businessPages.id, id))
    .limit(1);
  const [row] = await withCounts(db, rows);
  return row ?? null;
}

/** The page's events, latest start first (at most `limit`; the page's `eventsCount` says how many in all). */
export async function listPageEvents(db: Executor, pageId: string, limit = 200) {
  return db
    .select({ id: events.id, title: events.title, startDateTime: events.startDateTime, status: events.status })
    .from(businessPageEvents)
    .innerJoin(events, eq(events.id, businessPageEvents.eventId))
    .where(eq(businessPageEvents.pageId, pageId))
    .orderBy(desc(events.startDateTime), desc(events.id))
    .limit(limit);
}

export async function insertBusinessPage(tx: Executor, values: BusinessPageInsert): Promise<BusinessPageRow> {
  const [row] = await tx.insert(businessPages).values(values).returning();
  if (!row) throw new Error('business page not inserted');
  return row;
}

/** Sets `isActive`; null when the page is unknown. */
export async function setBusinessPageActive(tx: Executor, id: string, isActive: boolean): Promise<BusinessPageRow | null> {
  const [row] = await tx.update(businessPages).set({ isActive }).where(eq(businessPages.id, id)).returning();
  return row ?? null;
}

export async function findEventOwnership(db: Executor, eventId: string) {
  const [row] = await db
    .select({ id: events.id, organizerId: events.organizerId, partnerId: events.partnerId })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

/** Attaches an event; false when it already is. */
export async function attachEvent(tx: Executor, pageId: string, eventId: string): Promise<boolean> {
  const rows = await tx
    .insert(businessPageEvents)
    .values({ pageId, eventId })
    .onConflictDoNothing()
    .returning({ eventId: businessPageEvents.eventId });
  return rows.length === 1;
}

export async function detachEvent(tx: Executor, pageId: string, eventId: string): Promise<boolean> {
  const rows = await tx
    .delete(businessPageEvents)
    .where(and(eq(businessPageEvents.pageId, pageId), eq(businessPageEvents.eventId, eventId)))
    .returning({ eventId: businessPageEvents.eventId });
  return rows.length === 1;
}
