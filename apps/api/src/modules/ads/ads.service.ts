import type { z } from 'zod';
import {
  type AdminCampaign,
  type AdminCampaignDetail,
  type AdminCampaignsQuery,
  type AdPlacement,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_START_MAX_DAYS_AHEAD,
  type CampaignDetail,
  type CampaignOptions,
  type CampaignPhase,
  CAMPAIGN_MAX_DAYS,
  campaignPrice,
  campaignDays,
  cityKeyOf,
  type createCampaignSchema,
  type payCampaignSchema,
  SPONSORED_EVERY,
} from '@app/shared/ads';
import { doualaDate } from '@app/shared/douala-time';
import { formatFcfa, type Payment } from '@app/shared/payments';
import type { Database, Tx } from '../../db/client';
import { displayName } from '../../lib/display-name';
import { ANONYMOUS_VISITORS_PER_ADDRESS, anonymousVisitor } from '../../lib/visitor-key';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { eventPublicPath } from '../events/event-paths';
import { type PaymentDeps, startCharge, toPayment } from '../payments/payments.service';
import { refundTransaction, type TransactionsDeps } from '../payments/transactions.service';
import type { PublicCard } from '../public-pages/public-pages.repository';
import { uploadUrl } from '../uploads/uploads.storage';
import {
  addressCounts,
  addToDays,
  type CampaignRow,
  coversOf,
  dailyOf,
  findCampaign,
  insertCampaign,
  insertVisits,
  isPromotable,
  type LiveCampaign,
  latestPaymentsOf,
  listCampaigns,
  listOwnCampaigns,
  listPromotableEvents,
  totalsOf,
  transitionCampaign,
  type VisitKind,
} from './ads.repository';
import { notifyAdvertiser } from './ads.writes';

/*
 * 'Publicités' (issue 30, decision 068): the advertiser's campaigns and their payment, the team's
 * review, and serving and counting on the public pages.
 */

export interface AdsDeps {
  db: Database;
  payments: PaymentDeps;
  transactions: TransactionsDeps;
  /** The live campaigns, read once per answer-cache period (`app.answerCache.value`). */
  live: (today: string) => Promise<LiveCampaign[]>;
}

const DAY_MS = 86_400_000;
const campaignNotFound = () => notFound(CAMPAIGN_MESSAGES.notFound);

/** 'YYYY-MM-DD' `days` after `day`. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function phaseOf(campaign: Pick<CampaignRow, 'status' | 'startDate' | 'endDate'>, today: string): CampaignPhase {
  if (campaign.status !== 'approved') return campaign.status;
  if (campaign.startDate > today) return 'scheduled';
  return campaign.endDate < today ? 'ended' : 'live';
}

type Row = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/** The views of these rows: their event's card, their latest payment, their totals. */
async function views(deps: AdsDeps, rows: Row[], today: string): Promise<AdminCampaign[]> {
  const ids = rows.map((row) => row.campaign.id);
  const [totals, paid, covers] = await Promise.all([
    totalsOf(deps.db, ids),
    latestPaymentsOf(deps.db, ids),
    coversOf(
      deps.db,
      rows.map((row) => row.eventId),
    ),
  ]);
  return rows.map((row) => {
    const { campaign } = row;
    const payment = paid.get(campaign.id);
    const cover = covers.get(row.eventId);
    return {
      _id: campaign.id,
      event: {
        _id: row.eventId,
        title: row.eventTitle,
        city: row.eventCity,
        startDateTime: row.eventStart.toISOString(),
        href: eventPublicPath({ title: row.eventTitle, shortId: row.eventShortId }),
        image: cover ? uploadUrl(cover) : null,
      },
      placement: campaign.placement,
      national: campaign.national,
      cities: campaign.cities,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      days: campaignDays(campaign.startDate, campaign.endDate),
      price: campaign.price,
      status: campaign.status,
      phase: phaseOf(campaign, today),
      reason: campaign.reason,
      payment: payment ? { _id: payment.id, reference: payment.reference, status: payment.status, amount: payment.amount } : null,
      impressions: totals.get(campaign.id)?.impressions ?? 0,
      clicks: totals.get(campaign.id)?.clicks ?? 0,
      createdAt: campaign.createdAt.toISOString(),
      advertiser: {
        _id: campaign.advertiserId,
        name: displayName({
          firstName: row.advertiserFirstName,
          lastName: row.advertiserLastName,
          username: row.advertiserUsername,
        }),
        email: row.advertiserEmail,
      },
    };
  });
}

async function detail(deps: AdsDeps, row: Row, today: string): Promise<AdminCampaignDetail> {
  const [[view], daily] = await Promise.all([views(deps, [row], today), dailyOf(deps.db, row.campaign.id)]);
  return { ...(view as AdminCampaign), daily };
}

/** The advertiser's view: no advertiser block (it is them). */
function own<T extends AdminCampaign>(view: T): Omit<T, 'advertiser'> {
  const { advertiser: _advertiser, ...rest } = view;
  return rest;
}

// ─── the advertiser ──────────────────────────────────────────────────────────────────────────

export async function campaignOptions(deps: AdsDeps, userId: string, now = new Date()): Promise<CampaignOptions> {
  const [settings, rows] = await Promise.all([deps.payments.settings.get(), listPromotableEvents(deps.db, userId)]);
  const covers = await coversOf(
    deps.db,
    rows.map((row) => row.eventId),
  );
  return {
    prices: settings.ads,
    maxDays: CAMPAIGN_MAX_DAYS,
    today: doualaDate(now),
    events: rows.map((row) => ({
      _id: row.eventId,
      title: row.eventTitle,
      city: row.eventCity,
      startDateTime: row.eventStart.toISOString(),
      href: eventPublicPath({ title: row.eventTitle, shortId: row.eventShortId }),
      image: covers.has(row.eventId) ? uploadUrl(covers.get(row.eventId) as string) : null,
    })),
    emulated: Object.values(deps.payments.providers).some((provider) => provider.emulated),
  };
}

type CreateValues = z.output<typeof createCampaignSchema>;

/**
 * A new campaign, unpaid: on the caller's own promotable event, starting today or later (Douala)
 * and within CAMPAIGN_START_MAX_DAYS_AHEAD, at the server's price, which `budget` (what the
 * advertiser was shown) must reach.
 */
export async function createCampaign(
  deps: AdsDeps,
  actor: SessionUser,
  input: CreateValues,
  now = new Date(),
): Promise<{ message: string; campaign: CampaignDetail }> {
  const today = doualaDate(now);
  if (input.startDate < today) throw badRequest(CAMPAIGN_MESSAGES.startPast, { startDate: [CAMPAIGN_MESSAGES.startPast] });
  if (input.startDate > addDays(today, CAMPAIGN_START_MAX_DAYS_AHEAD)) {
    throw badRequest(CAMPAIGN_MESSAGES.startTooFar, { startDate: [CAMPAIGN_MESSAGES.startTooFar] });
  }
  if (!(await isPromotable(deps.db, actor.id, input.eventId))) {
    throw badRequest(CAMPAIGN_MESSAGES.eventNotPromotable, { eventId: [CAMPAIGN_MESSAGES.eventNotPromotable] });
  }
  const settings = await deps.payments.settings.get();
  const price = campaignPrice(settings.ads, input);
  if (input.budget < price) {
    const message = CAMPAIGN_MESSAGES.budgetBelowPrice(formatFcfa(price));
    throw badRequest(message, { budget: [message] });
  }
  const row = await insertCampaign(deps.db, {
    advertiserId: actor.id,
    eventId: input.eventId,
    placement: input.placement,
    national: input.national,
    cities: input.cities,
    startDate: input.startDate,
    endDate: input.endDate,
    price,
  });
  return { message: CAMPAIGN_MESSAGES.created, campaign: await getOwnCampaign(deps, actor.id, row.id, now) };
}

export async function listOwn(deps: AdsDeps, userId: string, page: number, limit: number, now = new Date()) {
  const { rows, total } = await listOwnCampaigns(deps.db, userId, page, limit);
  return { items: (await views(deps, rows, doualaDate(now))).map(own), total };
}

async function ownRow(deps: AdsDeps, userId: string, id: string): Promise<Row> {
  const row = await findCampaign(deps.db, id);
  // Another's campaign answers as an unknown one.
  if (!row || row.campaign.advertiserId !== userId) throw campaignNotFound();
  return row;
}

export async function getOwnCampaign(deps: AdsDeps, userId: string, id: string, now = new Date()): Promise<CampaignDetail> {
  return own(await detail(deps, await ownRow(deps, userId, id), doualaDate(now)));
}

/**
 * Pays an unpaid campaign through the payments module (one running payment per account, one per
 * idempotency key). The campaign is locked and checked unpaid in the payment's transaction.
 */
export async function payCampaign(
  deps: AdsDeps,
  actor: SessionUser,
  id: string,
  input: z.output<typeof payCampaignSchema>,
): Promise<{ message: string; payment: Payment; created: boolean }> {
  await ownRow(deps, actor.id, id);
  const { payment, created } = await startCharge(deps.payments, actor, input, async (tx: Tx) => {
    const locked = await transitionCampaign(tx, id, ['unpaid'], {});
    if (!locked) throw conflict(CAMPAIGN_MESSAGES.notPayable);
    return { plan: 'campaign', price: locked.price, useCredit: false, campaignId: id };
  });
  return { message: CAMPAIGN_MESSAGES.paymentStarted, payment: toPayment(payment, deps.payments.providers), created };
}

// ─── the team ────────────────────────────────────────────────────────────────────────────────

export async function listForTeam(deps: AdsDeps, query: AdminCampaignsQuery, now = new Date()) {
  const today = doualaDate(now);
  const { rows, total } = await listCampaigns(deps.db, query, today);
  return { items: await views(deps, rows, today), total };
}

export async function getForTeam(deps: AdsDeps, id: string, now = new Date()): Promise<AdminCampaignDetail> {
  const row = await findCampaign(deps.db, id);
  if (!row) throw campaignNotFound();
  return detail(deps, row, doualaDate(now));
}

type Review = 'approve' | 'suspend' | 'resume';

const REVIEWS: Record<Review, { from: CampaignRow['status'][]; to: CampaignRow['status']; refused: string; done: string }> = {
  approve: {
    from: ['pending_review'],
    to: 'approved',
    refused: CAMPAIGN_MESSAGES.notReviewable,
    done: CAMPAIGN_MESSAGES.approved,
  },
  suspend: { from: ['approved'], to: 'suspended', refused: CAMPAIGN_MESSAGES.notSuspendable, done: CAMPAIGN_MESSAGES.suspended },
  resume: { from: ['suspended'], to: 'approved', refused: CAMPAIGN_MESSAGES.notResumable, done: CAMPAIGN_MESSAGES.resumed },
};

const OUTCOMES = { approve: 'approved', suspend: 'suspended', resume: 'resumed' } as const;

/** 'Approuver', 'Suspendre' (with a reason), 'Reprendre': one conditional move, audited, the advertiser told. */
export async function reviewCampaign(
  deps: AdsDeps,
  actor: SessionUser,
  id: string,
  action: Review,
  reason: string | null = null,
): Promise<{ message: string; campaign: AdminCampaignDetail }> {
  const before = await findCampaign(deps.db, id);
  if (!before) throw campaignNotFound();
  const review = REVIEWS[action];
  await deps.db.transaction(async (tx) => {
    const moved = await transitionCampaign(tx, id, review.from, {
      status: review.to,
      reason: action === 'resume' ? null : reason,
      reviewedBy: actor.id,
      reviewedAt: new Date(),
    });
    if (!moved) throw conflict(review.refused);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: `campaign.${action}`,
        targetType: 'campaign',
        targetId: id,
        before: { status: before.campaign.status },
        after: { status: moved.status, reason },
      },
    });
    await notifyAdvertiser(tx, id, OUTCOMES[action], reason ? { message: reason } : {});
  });
  return { message: review.done, campaign: await getForTeam(deps, id) };
}

/**
 * 'Refuser': the campaign's payment is refunded through the payments module (the operator's
 * refund call, or recorded by hand where it has none), and in the refund's transaction the
 * campaign is refused, audited and its advertiser told. A refund that fails changes nothing.
 */
export async function refuseCampaign(
  deps: AdsDeps,
  actor: SessionUser,
  id: string,
  reason: string,
): Promise<{ message: string; campaign: AdminCampaignDetail }> {
  const row = await findCampaign(deps.db, id);
  if (!row) throw campaignNotFound();
  if (row.campaign.status !== 'pending_review') throw conflict(CAMPAIGN_MESSAGES.notReviewable);
  const refuse = async (tx: Tx) => {
    const moved = await transitionCampaign(tx, id, ['pending_review'], {
      status: 'refused',
      reason,
      reviewedBy: actor.id,
      reviewedAt: new Date(),
    });
    if (!moved) throw conflict(CAMPAIGN_MESSAGES.notReviewable);
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'campaign.refuse',
        targetType: 'campaign',
        targetId: id,
        before: { status: 'pending_review' },
        after: { status: 'refused', reason },
      },
    });
    await notifyAdvertiser(tx, id, 'refused', { message: reason });
  };
  const payment = (await latestPaymentsOf(deps.db, [id])).get(id);
  if (payment?.status === 'successful') {
    try {
      await refundTransaction(deps.transactions, actor, payment.id, reason, refuse);
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === 'PAYMENT_PROVIDER_UNAVAILABLE' || error.code === 'PAYMENT_NOT_REFUNDABLE')
      ) {
        throw new AppError(error.code, CAMPAIGN_MESSAGES.refundFailed);
      }
      throw error;
    }
  } else {
    await deps.db.transaction(refuse);
  }
  return { message: CAMPAIGN_MESSAGES.refused, campaign: await getForTeam(deps, id) };
}

// ─── serving ─────────────────────────────────────────────────────────────────────────────────

/** Per placement and city, where the next pick starts: each request moves it on (round robin). */
const rotation = new Map<string, number>();

export interface SponsoredCard {
  campaignId: string;
  card: PublicCard;
}

/**
 * Up to `limit` promoted events for a placement in a city (campaigns for that city or for all of
 * Cameroon; without a known city, national ones only), never an event of `exclude`, never one
 * event twice, taken in turn among the live campaigns so each is shown as often as the others.
 */
export function pickSponsored(
  live: LiveCampaign[],
  request: { placement: AdPlacement; city?: string | null; exclude?: Iterable<string>; limit: number },
): SponsoredCard[] {
  const city = cityKeyOf(request.city);
  const excluded = new Set(request.exclude ?? []);
  const candidates = live.filter(
    (campaign) =>
      campaign.placement === request.placement &&
      (campaign.national || (city !== null && campaign.cities.includes(city))) &&
      !excluded.has(campaign.card.id),
  );
  if (candidates.length === 0 || request.limit < 1) return [];
  const key = `${request.placement}|${city ?? ''}`;
  const start = (rotation.get(key) ?? 0) % candidates.length;
  rotation.set(key, start + 1);
  const picked: SponsoredCard[] = [];
  const shown = new Set<string>();
  for (let step = 0; step < candidates.length && picked.length < request.limit; step += 1) {
    const campaign = candidates[(start + step) % candidates.length] as LiveCampaign;
    if (shown.has(campaign.card.id)) continue;
    shown.add(campaign.card.id);
    picked.push({ campaignId: campaign.campaignId, card: campaign.card });
  }
  return picked;
}

export async function serve(
  deps: Pick<AdsDeps, 'live'>,
  request: { placement: AdPlacement; city?: string | null; exclude?: Iterable<string>; limit: number },
  now = new Date(),
): Promise<SponsoredCard[]> {
  return pickSponsored(await deps.live(doualaDate(now)), request);
}

/**
 * A list of cards with the promoted ones mixed in: one at the top, then one after every
 * SPONSORED_EVERY − 1 organic cards, so at most one card in every SPONSORED_EVERY is promoted
 * (none when fewer than SPONSORED_EVERY − 1 organic cards show).
 */
export function mixSponsored<T>(organic: T[], sponsored: T[]): T[] {
  const slots = Math.min(sponsored.length, Math.floor(organic.length / (SPONSORED_EVERY - 1)));
  const mixed: T[] = [];
  for (let slot = 0; slot < slots; slot += 1) {
    mixed.push(sponsored[slot] as T, ...organic.slice(slot * (SPONSORED_EVERY - 1), (slot + 1) * (SPONSORED_EVERY - 1)));
  }
  mixed.push(...organic.slice(slots * (SPONSORED_EVERY - 1)));
  return mixed;
}

/**
 * A page's cards with its promoted ones: a promoted event listed on the page anyway moves up
 * rather than showing twice, and never disappears for want of room.
 */
export function placeSponsored<T extends { id: string }>(
  organic: T[],
  sponsored: { campaignId: string; card: T }[],
): { card: T; campaignId?: string }[] {
  let shown = sponsored;
  const rest = (ids: Set<string>) => organic.filter((card) => !ids.has(card.id));
  while (shown.length > sponsoredSlots(rest(new Set(shown.map(({ card }) => card.id))).length)) shown = shown.slice(0, -1);
  const ids = new Set(shown.map(({ card }) => card.id));
  return mixSponsored<{ card: T; campaignId?: string }>(
    rest(ids).map((card) => ({ card })),
    shown,
  );
}

/** How many promoted cards a list of `organic` cards may take. */
export function sponsoredSlots(organic: number, max = 5): number {
  return Math.min(max, Math.floor(organic / (SPONSORED_EVERY - 1)));
}

// ─── counting ────────────────────────────────────────────────────────────────────────────────

export interface Visit {
  /** The account, when signed in. */
  userId: string | null;
  ip: string;
  userAgent: string;
}

/**
 * The visitor as the views count them (decision 012): the account when signed in, else hashes of
 * the address and browser that include the day; and the address's hash, for the per-address cap.
 */
function visitKeys(visit: Visit, day: string): { visitor: string; address: string } {
  const anonymous = anonymousVisitor(day, visit.ip, visit.userAgent);
  return { visitor: visit.userId ? `user.${visit.userId}` : anonymous.key, address: anonymous.addressPrefix };
}

/**
 * Counts impressions or clicks of live campaigns: once per visitor, campaign and Douala day, and
 * at most ANONYMOUS_VISITORS_PER_ADDRESS visitors from one address (a flood counts no more). Unknown or ended campaigns count nothing.
 */
export async function countVisits(
  deps: Pick<AdsDeps, 'db' | 'live'>,
  kind: VisitKind,
  campaignIds: string[],
  visit: Visit,
  now = new Date(),
): Promise<number> {
  const day = doualaDate(now);
  const live = new Set((await deps.live(day)).map((campaign) => campaign.campaignId));
  const running = [...new Set(campaignIds)].filter((id) => live.has(id));
  if (running.length === 0) return 0;
  const { visitor, address } = visitKeys(visit, day);
  const counts = await addressCounts(deps.db, running, day, kind, address, ANONYMOUS_VISITORS_PER_ADDRESS);
  const allowed = running.filter((id) => (counts.get(id) ?? 0) < ANONYMOUS_VISITORS_PER_ADDRESS);
  if (allowed.length === 0) return 0;
  return deps.db.transaction(async (tx) => {
    const fresh = await insertVisits(tx, allowed, day, kind, visitor, address);
    await addToDays(tx, fresh, day, kind);
    return fresh.length;
  });
}
