import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { businessPageEvents, businessPages, events, partners, users } from '../../db/schema/index';

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

/** One page of business pages, newest first (index on created_at, id), and the total. */
export async function listBusinessPages(
  db: Database,
  filter: { page: number; limit: number },
): Promise<{ rows: BusinessPageWithNames[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(businessPages)
      .leftJoin(users, eq(users.id, businessPages.ownerId))
      .leftJoin(partners, eq(partners.id, businessPages.partnerId))
      .orderBy(desc(businessPages.createdAt), desc(businessPages.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(businessPages),
  ]);
  return { rows: await withCounts(db, rows), total: total?.total ?? 0 };
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

export async function listPageEvents(db: Executor, pageId: string) {
  return db
    .select({ id: events.id, title: events.title, startDateTime: events.startDateTime, status: events.status })
    .from(businessPageEvents)
    .innerJoin(events, eq(events.id, businessPageEvents.eventId))
    .where(eq(businessPageEvents.pageId, pageId))
    .orderBy(desc(events.startDateTime))
    .limit(200);
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
