import { randomBytes, randomUUID } from 'node:crypto';
import { type AdPlacement, type CampaignStatus, campaignPrice } from '@app/shared/ads';
import { doualaDate } from '@app/shared/douala-time';
import { DEFAULT_SETTINGS } from '@app/shared/settings';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adCampaignDays, adCampaigns, events, payments, users } from './schema/index';

/*
 * 'Publicités' in the demo (issue 30): Aïcha's campaigns in each status, the paid ones with their
 * Mobile Money payment, the running ones with a few days of impressions and clicks. Idempotent:
 * nothing is added once Aïcha has a campaign.
 */

const DAY = 86_400_000;

interface DemoCampaign {
  title: string;
  placement: AdPlacement;
  cities: string[];
  /** Days from today (Douala) to the start, and the length. */
  startIn: number;
  days: number;
  status: CampaignStatus;
  paid: 'no' | 'successful' | 'refunded';
  reason?: string;
}

const CAMPAIGNS: DemoCampaign[] = [
  {
    title: 'Festival Ngondo',
    placement: 'agenda',
    cities: ['douala'],
    startIn: -2,
    days: 10,
    status: 'approved',
    paid: 'successful',
  },
  {
    title: 'Concert Makossa Live',
    placement: 'landing',
    cities: [],
    startIn: 0,
    days: 7,
    status: 'pending_review',
    paid: 'successful',
  },
  {
    title: 'Nuit du Ndolé',
    placement: 'related',
    cities: ['kribi', 'douala'],
    startIn: 3,
    days: 5,
    status: 'approved',
    paid: 'successful',
  },
  {
    title: 'Tournoi de football inter-quartiers',
    placement: 'agenda',
    cities: ['bafoussam'],
    startIn: 1,
    days: 3,
    status: 'unpaid',
    paid: 'no',
  },
  {
    title: 'Concert Makossa Live',
    placement: 'agenda',
    cities: ['yaounde'],
    startIn: 2,
    days: 4,
    status: 'refused',
    paid: 'refunded',
    reason: 'Le visuel promet des artistes absents du programme.',
  },
  {
    title: 'Nuit du Ndolé',
    placement: 'agenda',
    cities: ['kribi'],
    startIn: -1,
    days: 6,
    status: 'suspended',
    paid: 'successful',
    reason: 'Plaintes de participants : en attente de vérification.',
  },
  {
    title: 'Exposition d’art contemporain',
    placement: 'agenda',
    cities: ['yaounde'],
    startIn: -5,
    days: 4,
    status: 'stopped',
    paid: 'successful',
    reason: 'L’évènement n’est plus public (annulé, dépublié ou bloqué)',
  },
];

export async function seedDemoAds(app: FastifyInstance): Promise<void> {
  const [aicha] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'aicha@exemple.cm'));
  if (!aicha) return;
  const [already] = await app.db
    .select({ id: adCampaigns.id })
    .from(adCampaigns)
    .where(eq(adCampaigns.advertiserId, aicha.id))
    .limit(1);
  if (already) return;
  const titles = [...new Set(CAMPAIGNS.map((campaign) => campaign.title))];
  const found = await app.db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(inArray(events.title, titles), eq(events.organizerId, aicha.id)));
  const eventIds = new Map(found.map((row) => [row.title, row.id]));
  const now = Date.now();
  for (const [index, demo] of CAMPAIGNS.entries()) {
    const eventId = eventIds.get(demo.title);
    if (!eventId) continue;
    const startDate = doualaDate(now + demo.startIn * DAY);
    const endDate = doualaDate(now + (demo.startIn + demo.days - 1) * DAY);
    const national = demo.cities.length === 0;
    const price = campaignPrice(DEFAULT_SETTINGS.ads, {
      placement: demo.placement,
      national,
      cities: demo.cities,
      startDate,
      endDate,
    });
    const createdAt = new Date(now - (10 - index) * 3_600_000);
    const [campaign] = await app.db
      .insert(adCampaigns)
      .values({
        advertiserId: aicha.id,
        eventId,
        placement: demo.placement,
        national,
        cities: demo.cities,
        startDate,
        endDate,
        price,
        status: demo.status,
        reason: demo.reason ?? null,
        reviewedAt: ['approved', 'refused', 'suspended'].includes(demo.status) ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: adCampaigns.id });
    if (!campaign) continue;
    if (demo.paid !== 'no') {
      await app.db.insert(payments).values({
        reference: `PAY-DEMO${randomBytes(3).toString('hex').toUpperCase()}`,
        userId: aicha.id,
        idempotencyKey: randomUUID(),
        plan: 'campaign',
        campaignId: campaign.id,
        amount: price,
        operator: index % 2 === 0 ? 'mtn' : 'orange',
        phone: '+237677001122',
        status: demo.paid,
        providerReference: randomUUID(),
        callbackToken: randomBytes(16).toString('hex'),
        expiresAt: new Date(createdAt.getTime() + 5 * 60_000),
        paidAt: createdAt,
        refundedAmount: demo.paid === 'refunded' ? price : 0,
        refundedAt: demo.paid === 'refunded' ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      });
    }
    // The days it has run: a few hundred cards seen, a few percent followed.
    if (demo.status === 'approved' || demo.status === 'suspended') {
      const ran = Math.max(0, Math.min(demo.days, -demo.startIn + 1));
      const days = Array.from({ length: ran }, (_, day) => ({
        campaignId: campaign.id,
        day: doualaDate(now + (demo.startIn + day) * DAY),
        impressions: 180 + ((day * 37 + index * 11) % 120),
        clicks: 6 + ((day * 5 + index) % 9),
      }));
      if (days.length > 0) await app.db.insert(adCampaignDays).values(days).onConflictDoNothing();
    }
  }
}
