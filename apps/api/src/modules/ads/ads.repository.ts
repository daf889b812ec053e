import { pageWindow } from '../../db/page-window';
import type { AdminCampaignsQuery, AdPlacement, CampaignStatus } from '@app/shared/ads';
import { and, asc, count, desc, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import {
  adCampaignDays,
  adCampaigns,
  adVisits,
  businessPageEvents,
  businessPages,
  eventImages,
  events,
  partnerUsers,
  payments,
  users,
} from '../../db/schema/index';
import { publiclyListed } from '../events/event-visibility';
import { cardsOf, type PublicCard } from '../public-pages/public-pages.repository';

export type CampaignRow = typeof adCampaigns.$inferSelect;

/** The events `userId` may promote: published, public, not ended; theirs, their partner's or their business page's. */
export function promotableBy(userId: string): SQL {
  return and(
    publiclyListed,
    gt(events.endDateTime, sql`now()`),
    or(
      eq(events.organizerId, userId),
      sql`${events.partnerId} in (select ${partnerUsers.partnerId} from ${partnerUsers} where ${partnerUsers.userId} = ${userId})`,
      sql`exists (select 1 from ${businessPageEvents} join ${businessPages} on ${businessPages.id} = ${businessPageEvents.pageId}
        where ${businessPageEvents.eventId} = ${events.id} and ${businessPages.ownerId} = ${userId})`,
    ),
  ) as SQL;
}

const eventColumns = {
  eventId: events.id,
  eventTitle: events.title,
  eventShortId: events.shortId,
  eventCity: events.city,
  eventStart: events.startDateTime,
};

export async function listPromotableEvents(db: Database, userId: string) {
  return db
    .select(eventColumns)
    .from(events)
    .where(promotableBy(userId))
    .orderBy(asc(events.startDateTime), asc(events.id))
    .limit(100);
}

export async function isPromotable(db: Executor, userId: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), promotableBy(userId)));
  return row !== undefined;
}

export async function insertCampaign(tx: Executor, values: typeof adCampaigns.$inferInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(adCampaigns).values(values).returning();
  if (!row) throw new Error('campaign not stored');
  return row;
}

/** A campaign with its event and advertiser, as the lists and details show it. */
const campaignWithParts = {
  campaign: adCampaigns,
  ...eventColumns,
  advertiserFirstName: users.firstName,
  advertiserLastName: users.lastName,
  advertiserUsername: users.username,
  advertiserEmail: users.email,
};

function selectCampaigns(db: Executor) {
  return db
    .select(campaignWithParts)
    .from(adCampaigns)
    .innerJoin(events, eq(events.id, adCampaigns.eventId))
    .innerJoin(users, eq(users.id, adCampaigns.advertiserId));
}

export async function findCampaign(db: Executor, id: string) {
  const [row] = await selectCampaigns(db).where(eq(adCampaigns.id, id));
  return row ?? null;
}

const NEWEST_FIRST = [desc(adCampaigns.createdAt), desc(adCampaigns.id)];

export async function listOwnCampaigns(db: Database, advertiserId: string, page: number, limit: number) {
  const where = eq(adCampaigns.advertiserId, advertiserId);
  const [rows, [total]] = await Promise.all([
    selectCampaigns(db)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(limit)
      .offset(pageWindow({ page, limit }).offset),
    db.select({ value: count() }).from(adCampaigns).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The condition of a phase: a stored status, or an approved campaign's place in its dates (`today`, Douala). */
function phaseCondition(phase: AdminCampaignsQuery['phase'], today: string): SQL | undefined {
  switch (phase) {
    case undefined:
      return undefined;
    case 'scheduled':
      return and(eq(adCampaigns.status, 'approved'), gt(adCampaigns.startDate, today));
    case 'live':
      return and(eq(adCampaigns.status, 'approved'), lte(adCampaigns.startDate, today), gte(adCampaigns.endDate, today));
    case 'ended':
      return and(eq(adCampaigns.status, 'approved'), sql`${adCampaigns.endDate} < ${today}`);
    default:
      return eq(adCampaigns.status, phase as CampaignStatus);
  }
}

export async function listCampaigns(db: Database, query: AdminCampaignsQuery, today: string) {
  const where = and(
    phaseCondition(query.phase, today),
    query.placement ? eq(adCampaigns.placement, query.placement) : undefined,
    query.city ? or(eq(adCampaigns.national, true), sql`${adCampaigns.cities} @> array[${query.city}]::text[]`) : undefined,
    query.from ? gte(adCampaigns.endDate, query.from) : undefined,
    query.to ? lte(adCampaigns.startDate, query.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectCampaigns(db)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset(pageWindow(query).offset),
    db.select({ value: count() }).from(adCampaigns).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Impressions and clicks of these campaigns, summed over their days. */
export async function totalsOf(db: Executor, campaignIds: string[]) {
  if (campaignIds.length === 0) return new Map<string, { impressions: number; clicks: number }>();
  const rows = await db
    .select({
      campaignId: adCampaignDays.campaignId,
      impressions: sql<number>`coalesce(sum(${adCampaignDays.impressions}), 0)::int`,
      clicks: sql<number>`coalesce(sum(${adCampaignDays.clicks}), 0)::int`,
    })
    .from(adCampaignDays)
    .where(inArray(adCampaignDays.campaignId, campaignIds))
    .groupBy(adCampaignDays.campaignId);
  return new Map(rows.map((row) => [row.campaignId, { impressions: row.impressions, clicks: row.clicks }]));
}

export async function dailyOf(db: Executor, campaignId: string) {
  return db
    .select({ day: adCampaignDays.day, impressions: adCampaignDays.impressions, clicks: adCampaignDays.clicks })
    .from(adCampaignDays)
    .where(eq(adCampaignDays.campaignId, campaignId))
    .orderBy(asc(adCampaignDays.day));
}

/** Each campaign's latest payment. */
export async function latestPaymentsOf(db: Executor, campaignIds: string[]) {
  if (campaignIds.length === 0) return new Map<string, typeof payments.$inferSelect>();
  const rows = await db
    .selectDistinctOn([payments.campaignId])
    .from(payments)
    .where(inArray(payments.campaignId, campaignIds))
    .orderBy(payments.campaignId, desc(payments.createdAt));
  return new Map(rows.map((row) => [row.campaignId as string, row]));
}

/** The card image of these events. */
export async function coversOf(db: Executor, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ eventId: eventImages.eventId, cardKey: eventImages.cardKey })
    .from(eventImages)
    .where(and(inArray(eventImages.eventId, eventIds), eq(eventImages.position, 0)));
  return new Map(rows.map((row) => [row.eventId, row.cardKey]));
}

/** Moves a campaign from one of `from` (locked by the UPDATE itself): the row, or null when it was not in `from`. */
export async function transitionCampaign(
  tx: Executor,
  id: string,
  from: CampaignStatus[],
  values: Partial<typeof adCampaigns.$inferInsert>,
): Promise<CampaignRow | null> {
  const [row] = await tx
    .update(adCampaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(adCampaigns.id, id), inArray(adCampaigns.status, from)))
    .returning();
  return row ?? null;
}

/** A sponsored card: the campaign and its event's public card. */
export interface LiveCampaign {
  campaignId: string;
  placement: AdPlacement;
  national: boolean;
  cities: string[];
  card: PublicCard;
}

/** The approved campaigns running on `today` whose event is still public and not ended: a few thousand at most. */
export async function listLiveCampaigns(db: Database, today: string): Promise<LiveCampaign[]> {
  const rows = await db
    .select({
      campaignId: adCampaigns.id,
      placement: adCampaigns.placement,
      national: adCampaigns.national,
      cities: adCampaigns.cities,
      eventId: adCampaigns.eventId,
    })
    .from(adCampaigns)
    .innerJoin(events, eq(events.id, adCampaigns.eventId))
    .where(
      and(
        eq(adCampaigns.status, 'approved'),
        gte(adCampaigns.endDate, today),
        lte(adCampaigns.startDate, today),
        publiclyListed,
        gt(events.endDateTime, sql`now()`),
      ),
    )
    .orderBy(asc(adCampaigns.createdAt), asc(adCampaigns.id));
  const cards = new Map((await cardsOf(db, [...new Set(rows.map((row) => row.eventId))])).map((card) => [card.id, card]));
  return rows.flatMap((row) => {
    const card = cards.get(row.eventId);
    return card
      ? [{ campaignId: row.campaignId, placement: row.placement, national: row.national, cities: row.cities, card }]
      : [];
  });
}

/** Campaigns still to run whose event is no longer public (cancelled, unpublished, made private): stopped. */
export async function stopCampaignsOfHiddenEvents(db: Database, reason: string): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    update ${adCampaigns} c set status = 'stopped', reason = ${reason}, updated_at = now()
    from ${events} e
    where e.id = c.event_id
      and c.status in ('unpaid', 'pending_review', 'approved', 'suspended')
      and (e.status <> 'published' or not e.is_public)
    returning c.id`);
  return rowsOf<{ id: string }>(rows).map((row) => row.id);
}

/** Visits older than yesterday are no longer needed to count once a day. */
export async function pruneVisits(db: Database, before: string): Promise<void> {
  await db.delete(adVisits).where(sql`${adVisits.day} < ${before}`);
}

export type VisitKind = 'impression' | 'click';

/** How many visits of each campaign were counted today from one address (each read up to `cap`). */
export async function addressCounts(
  db: Executor,
  campaignIds: string[],
  day: string,
  kind: VisitKind,
  address: string,
  cap: number,
) {
  const counts = await Promise.all(
    campaignIds.map(async (campaignId) => {
      const result = await db.execute(sql`select count(*)::int as n from (select 1 from ${adVisits}
        where ${adVisits.campaignId} = ${campaignId} and ${adVisits.day} = ${day} and ${adVisits.kind} = ${kind}
          and ${adVisits.address} = ${address} limit ${cap}) x`);
      return [campaignId, Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)] as const;
    }),
  );
  return new Map(counts);
}

/** Records the visits not yet counted today; answers the campaigns they were new for. */
export async function insertVisits(
  tx: Executor,
  campaignIds: string[],
  day: string,
  kind: VisitKind,
  visitor: string,
  address: string,
): Promise<string[]> {
  if (campaignIds.length === 0) return [];
  const rows = await tx
    .insert(adVisits)
    .values(campaignIds.map((campaignId) => ({ campaignId, day, kind, visitor, address })))
    .onConflictDoNothing()
    .returning({ campaignId: adVisits.campaignId });
  return rows.map((row) => row.campaignId);
}

export async function addToDays(tx: Executor, campaignIds: string[], day: string, kind: VisitKind): Promise<void> {
  if (campaignIds.length === 0) return;
  const impressions = kind === 'impression' ? 1 : 0;
  const clicks = kind === 'click' ? 1 : 0;
  await tx
    .insert(adCampaignDays)
    .values(campaignIds.map((campaignId) => ({ campaignId, day, impressions, clicks })))
    .onConflictDoUpdate({
      target: [adCampaignDays.campaignId, adCampaignDays.day],
      set: {
        impressions: sql`${adCampaignDays.impressions} + excluded.impressions`,
        clicks: sql`${adCampaignDays.clicks} + excluded.clicks`,
      },
    });
}
