import { randomUUID } from 'node:crypto';
import type { AdminCampaignDetail, CampaignDetail, CampaignOptions, CampaignsPage } from '@app/shared/ads';
import { doualaDate } from '@app/shared/douala-time';
import type { Payment } from '@app/shared/payments';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adCampaigns, auditLog, events, payments, userNotifications } from '../../db/schema/index';
import { createUser, tokenFor } from '../../../test/factories';
import {
  type As,
  createEvent,
  freshIp,
  type Identity,
  injectAs,
  newPhone,
  request,
  signedIn,
  testAppForFile,
} from '../../../test/helper';
import { buildPaymentsTestApp } from '../../../test/payment-emulators';
import { runPaymentChecks } from '../payments/payments.job';
import { paymentDepsOf } from '../payments/payments.routes';
import { runAdsJob } from './ads.plugin';
import { mixSponsored, placeSponsored } from './ads.service';

/*
 * 'Publicités' (issue 30, decision 068), through the routes, paid through the MTN emulator: an
 * organiser buys days in a city, the team approves or refuses (refunded), the event shows
 * 'Sponsorisé' in that city only, impressions and clicks count once per visitor and day.
 */

const testApp = testAppForFile(() => buildPaymentsTestApp());
const DAY = 86_400_000;
const today = () => doualaDate(Date.now());
const dayAfter = (days: number) => doualaDate(Date.now() + days * DAY);

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

async function adsManager(): Promise<Identity> {
  const user = await createUser(testApp.app, { role: 'admin', permissions: ['manage_ads'] });
  return { user, token: await tokenFor(testApp.app, user) };
}

const campaignBody = (eventId: string, overrides: Record<string, unknown> = {}) => ({
  eventId,
  placement: 'agenda',
  cities: ['douala'],
  startDate: today(),
  endDate: dayAfter(1),
  budget: 2000,
  ...overrides,
});

const create = (as: As, body: Record<string, unknown>) => request(testApp.app, 'POST', '/api/campaigns', as, body);

/** A Douala event of `organiser`, and an unpaid two-day campaign for it in Douala. */
async function campaignOf(organiser: Identity, overrides: Record<string, unknown> = {}) {
  const event = await createEvent(testApp.app, organiser, {
    title: `Concert ${randomUUID().slice(0, 6)}`,
    location: { address: 'Akwa', city: 'Douala' },
  } as never);
  const { campaign } = await ok<{ campaign: CampaignDetail }>(await create(organiser, campaignBody(event._id, overrides)), 201);
  return { event, campaign };
}

/** Pays the campaign on the MTN emulator, answered `outcome` on the phone. */
async function pay(as: Identity, campaignId: string, outcome: 'approve' | 'refuse' = 'approve'): Promise<Payment> {
  const { payment } = await ok<{ payment: Payment }>(
    await request(testApp.app, 'POST', `/api/campaigns/${campaignId}/payment`, as, {
      phone: newPhone(),
      operator: 'mtn',
      idempotencyKey: randomUUID(),
    }),
    201,
  );
  expect(await testApp.mtn.decide(payment._id, outcome)).toBe(true);
  await testApp.app.db
    .update(payments)
    .set({ nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(payments.id, payment._id));
  await runPaymentChecks(paymentDepsOf(testApp.app));
  return payment;
}

const own = (as: As, id: string) =>
  request(testApp.app, 'GET', `/api/campaigns/${id}`, as).then((response) => ok<{ campaign: CampaignDetail }>(response));
const agenda = async (city: string) => (await testApp.app.inject({ method: 'GET', url: `/evenements?city=${city}` })).body;

describe('an organiser buys a campaign', () => {
  it('offers the prices and only the caller’s promotable events', async () => {
    const organiser = await signedIn(testApp.app);
    const mine = await createEvent(testApp.app, organiser, { title: 'Le mien' });
    await createEvent(testApp.app, organiser, { title: 'Brouillon' }, 'draft');
    await createEvent(testApp.app, await signedIn(testApp.app), { title: 'Pas le mien' });
    const options = await ok<CampaignOptions>(await request(testApp.app, 'GET', '/api/campaigns/options', organiser));
    expect(options.events.map((event) => event.title)).toEqual(['Le mien']);
    expect(options.events[0]?._id).toBe(mine._id);
    expect(options.prices).toEqual({ agendaPerDay: 1000, landingPerDay: 1500, relatedPerDay: 500, nationalFactor: 5 });
    expect(options.today).toBe(today());
    expect(options.emulated).toBe(true);
  });

  it('prices two days in Douala at 2 000 FCFA; a refused payment leaves it unpaid, a second one sends it to review', async () => {
    const organiser = await signedIn(testApp.app);
    const { campaign } = await campaignOf(organiser);
    expect(campaign).toMatchObject({ price: 2000, days: 2, phase: 'unpaid', cities: ['douala'], national: false });

    await pay(organiser, campaign._id, 'refuse');
    expect((await own(organiser, campaign._id)).campaign).toMatchObject({ phase: 'unpaid', payment: { status: 'failed' } });

    const payment = await pay(organiser, campaign._id);
    const paid = (await own(organiser, campaign._id)).campaign;
    expect(paid).toMatchObject({ phase: 'pending_review', payment: { _id: payment._id, status: 'successful', amount: 2000 } });
    const [row] = await testApp.app.db.select().from(payments).where(eq(payments.id, payment._id));
    expect(row).toMatchObject({ plan: 'campaign', campaignId: campaign._id, amount: 2000, creditUsed: 0, premiumUntil: null });
    const told = await testApp.app.db
      .select()
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, organiser.user.id), eq(userNotifications.kind, 'campaign_update')));
    expect(told.map((notification) => notification.data)).toContainEqual(expect.objectContaining({ campaignOutcome: 'paid' }));

    // Paid once: a second payment is refused.
    const again = await request(testApp.app, 'POST', `/api/campaigns/${campaign._id}/payment`, organiser, {
      phone: newPhone(),
      operator: 'mtn',
      idempotencyKey: randomUUID(),
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input in French, storing nothing', async () => {
    const organiser = await signedIn(testApp.app);
    const event = await createEvent(testApp.app, organiser);
    const other = await createEvent(testApp.app, await signedIn(testApp.app));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ eventId: other._id }, 'eventId', 'Vous ne pouvez promouvoir que vos propres évènements, publiés et à venir'],
      [{ startDate: dayAfter(-1), endDate: dayAfter(1) }, 'startDate', 'La campagne ne peut pas commencer dans le passé'],
      [{ endDate: dayAfter(60) }, 'endDate', 'Une campagne dure au plus 60 jours'],
      [{ startDate: dayAfter(3), endDate: dayAfter(2) }, 'endDate', 'La date de fin doit être après la date de début'],
      [{ cities: ['atlantis'] }, 'cities.0', 'Ville inconnue'],
      [{ cities: [] }, 'cities', 'Choisissez au moins une ville, ou tout le Cameroun'],
      [{ budget: 1999 }, 'budget', 'Le budget est inférieur au prix de cette campagne : 2\u202f000\u00a0FCFA'],
      [
        { national: true, cities: [], budget: 9999 },
        'budget',
        'Le budget est inférieur au prix de cette campagne : 10\u202f000\u00a0FCFA',
      ],
      [{ placement: 'popup' }, 'placement', 'Emplacement inconnu'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await create(organiser, campaignBody(event._id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().fieldErrors?.[field], JSON.stringify(overrides)).toContain(message);
    }
    const stored = await testApp.app.db.select().from(adCampaigns).where(eq(adCampaigns.advertiserId, organiser.user.id));
    expect(stored).toEqual([]);
  });

  it('keeps campaigns private to their advertiser, and the review to manage_ads', async () => {
    const organiser = await signedIn(testApp.app);
    const { campaign } = await campaignOf(organiser);
    const stranger = await signedIn(testApp.app);
    expect((await request(testApp.app, 'GET', `/api/campaigns/${campaign._id}`, stranger)).statusCode).toBe(404);
    const mine = await ok<CampaignsPage>(await request(testApp.app, 'GET', '/api/campaigns', stranger));
    expect(mine.items).toEqual([]);
    expect((await request(testApp.app, 'GET', `/api/admin/campaigns/${campaign._id}`, organiser)).statusCode).toBe(403);
    expect((await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/approve`, organiser)).statusCode).toBe(403);
    expect((await request(testApp.app, 'GET', '/api/campaigns')).statusCode).toBe(401);
  });
});

describe('the team reviews, and the event shows where it was bought', () => {
  it('approved: shows « Sponsorisé » on the Douala agenda, never in Yaoundé, once per screen; counted once per visitor', async () => {
    const organiser = await signedIn(testApp.app);
    const { event, campaign } = await campaignOf(organiser);
    // Four more Douala events: the agenda has room for one promoted card in five.
    for (let index = 0; index < 4; index += 1) {
      await createEvent(testApp.app, organiser, { location: { address: 'Bonapriso', city: 'Douala' } } as never);
    }
    await createEvent(testApp.app, organiser, { location: { address: 'Bastos', city: 'Yaoundé' } } as never);
    await pay(organiser, campaign._id);
    const manager = await adsManager();
    expect(await agenda('douala')).not.toContain('Sponsorisé');

    const approved = await ok<{ message: string; campaign: AdminCampaignDetail }>(
      await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/approve`, manager),
    );
    expect(approved.message).toBe('Campagne validée');
    expect(approved.campaign).toMatchObject({ phase: 'live', advertiser: { _id: organiser.user.id } });
    const [audit] = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, campaign._id), eq(auditLog.action, 'campaign.approve')));
    expect(audit?.actorId).toBe(manager.user.id);
    // A second approval: 409.
    expect((await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/approve`, manager)).statusCode).toBe(409);

    const douala = await agenda('douala');
    expect(douala).toContain('Sponsorisé');
    expect(douala).toContain(`data-ad="${campaign._id}"`);
    expect(douala.split(event.title).length - 1).toBe(1);
    expect(await agenda('yaounde')).not.toContain('Sponsorisé');
    const served = await ok<{ items: { campaignId: string }[] }>(
      await request(testApp.app, 'GET', '/api/ads/served?placement=agenda&city=Douala'),
    );
    expect(served.items.map((item) => item.campaignId)).toEqual([campaign._id]);
    const excluded = await ok<{ items: unknown[] }>(
      await request(testApp.app, 'GET', `/api/ads/served?placement=agenda&city=douala&exclude=${event._id}`),
    );
    expect(excluded.items).toEqual([]);

    // Impressions: once per visitor and day; a click the same.
    const visitor = { 'user-agent': 'Mozilla/5.0 (Linux; Android 10) Tecno', 'x-forwarded-for': freshIp() };
    for (let index = 0; index < 3; index += 1) {
      const seen = await testApp.app.inject({
        method: 'POST',
        url: '/api/ads/impressions',
        headers: visitor,
        payload: { campaignIds: [campaign._id] },
      });
      expect(seen.statusCode, seen.body).toBe(204);
    }
    await testApp.app.inject({ method: 'POST', url: '/api/ads/clicks', headers: visitor, payload: { campaignId: campaign._id } });
    await testApp.app.inject({ method: 'POST', url: '/api/ads/clicks', headers: visitor, payload: { campaignId: campaign._id } });
    await injectAs(testApp.app, organiser, {
      method: 'POST',
      url: '/api/ads/impressions',
      payload: { campaignIds: [campaign._id] },
    });
    const stats = (await own(organiser, campaign._id)).campaign;
    expect(stats).toMatchObject({ impressions: 2, clicks: 1 });
    expect(stats.daily).toEqual([{ day: today(), impressions: 2, clicks: 1 }]);
    expect(JSON.stringify(stats)).not.toContain(visitor['x-forwarded-for']);
  });

  it('a flood from one address counts ten visitors at most', async () => {
    const organiser = await signedIn(testApp.app);
    const { campaign } = await campaignOf(organiser, { cities: ['bafoussam'] });
    await pay(organiser, campaign._id);
    await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/approve`, await adsManager());
    const ip = freshIp();
    for (let index = 0; index < 25; index += 1) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/ads/impressions',
        headers: { 'user-agent': `Robot ${index}`, 'x-forwarded-for': ip },
        payload: { campaignIds: [campaign._id] },
      });
    }
    expect((await own(organiser, campaign._id)).campaign.impressions).toBe(10);
  });

  it('refused: refunded, told, not shown; suspended and resumed', async () => {
    const organiser = await signedIn(testApp.app);
    const { campaign } = await campaignOf(organiser);
    const payment = await pay(organiser, campaign._id);
    const manager = await adsManager();
    const noReason = await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/refuse`, manager, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const refused = await ok<{ message: string; campaign: AdminCampaignDetail }>(
      await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/refuse`, manager, {
        reason: 'Visuel trompeur',
      }),
    );
    expect(refused.message).toBe('Campagne refusée et remboursée');
    expect(refused.campaign).toMatchObject({ phase: 'refused', reason: 'Visuel trompeur', payment: { status: 'refunded' } });
    const [row] = await testApp.app.db.select().from(payments).where(eq(payments.id, payment._id));
    expect(row).toMatchObject({ status: 'refunded', refundedAmount: 2000 });
    const told = await testApp.app.db
      .select()
      .from(userNotifications)
      .where(and(eq(userNotifications.userId, organiser.user.id), eq(userNotifications.kind, 'campaign_update')));
    expect(told.map((notification) => notification.data)).toContainEqual(
      expect.objectContaining({ campaignOutcome: 'refused', message: 'Visuel trompeur' }),
    );

    const second = await campaignOf(organiser);
    await pay(organiser, second.campaign._id);
    await request(testApp.app, 'POST', `/api/admin/campaigns/${second.campaign._id}/approve`, manager);
    const suspended = await ok<{ campaign: AdminCampaignDetail }>(
      await request(testApp.app, 'POST', `/api/admin/campaigns/${second.campaign._id}/suspend`, manager, { reason: 'Plainte' }),
    );
    expect(suspended.campaign.phase).toBe('suspended');
    const served = await ok<{ items: { campaignId: string }[] }>(
      await request(testApp.app, 'GET', '/api/ads/served?placement=agenda&city=douala&count=5'),
    );
    expect(served.items.map((item) => item.campaignId)).not.toContain(second.campaign._id);
    const resumed = await ok<{ campaign: AdminCampaignDetail }>(
      await request(testApp.app, 'POST', `/api/admin/campaigns/${second.campaign._id}/resume`, manager),
    );
    expect(resumed.campaign.phase).toBe('live');
  });

  it('an event cancelled or made private stops its campaigns', async () => {
    const organiser = await signedIn(testApp.app);
    const { event, campaign } = await campaignOf(organiser);
    await pay(organiser, campaign._id);
    await request(testApp.app, 'POST', `/api/admin/campaigns/${campaign._id}/approve`, await adsManager());
    expect(await ok(await request(testApp.app, 'PUT', `/api/events/${event._id}/cancel`, organiser, {}))).toBeTruthy();
    expect(await runAdsJob(testApp.app)).toBeGreaterThanOrEqual(1);
    expect((await own(organiser, campaign._id)).campaign).toMatchObject({ phase: 'stopped' });
    const [row] = await testApp.app.db.select().from(events).where(eq(events.id, event._id));
    expect(row?.status).toBe('cancelled');
  });

  it('lists campaigns for the team by phase and city', async () => {
    const organiser = await signedIn(testApp.app);
    const { campaign } = await campaignOf(organiser, { cities: ['kribi'] });
    const manager = await adsManager();
    const list = async (query: string) =>
      (
        await ok<{ items: { _id: string }[] }>(await request(testApp.app, 'GET', `/api/admin/campaigns?${query}`, manager))
      ).items.map((item) => item._id);
    expect(await list('phase=unpaid&city=kribi')).toEqual([campaign._id]);
    expect(await list('phase=live&city=kribi')).toEqual([]);
    expect(await list('placement=landing&city=kribi')).toEqual([]);
    expect(await list(`city=kribi&from=${dayAfter(5)}`)).toEqual([]);
    expect((await request(testApp.app, 'GET', '/api/admin/campaigns?phase=nope', manager)).statusCode).toBe(400);
  });
});

describe('mixing promoted cards', () => {
  it('puts one at the top and then one in every five cards at most, none in a short list', () => {
    const organic = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    expect(mixSponsored(organic, ['X', 'Y', 'Z'])).toEqual(['X', 'a', 'b', 'c', 'd', 'Y', 'e', 'f', 'g', 'h', 'i']);
    expect(mixSponsored(['a', 'b', 'c'], ['X'])).toEqual(['a', 'b', 'c']);
  });

  it('moves a promoted event listed on the page up, and keeps it when there is no room', () => {
    const cards = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const ad = (id: string) => ({ campaignId: `c-${id}`, card: { id } });
    expect(placeSponsored(cards, [ad('c')]).map(({ card, campaignId }) => campaignId ?? card.id)).toEqual([
      'c-c',
      'a',
      'b',
      'd',
      'e',
    ]);
    expect(placeSponsored(cards.slice(0, 4), [ad('c')]).map(({ card, campaignId }) => campaignId ?? card.id)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });
});
