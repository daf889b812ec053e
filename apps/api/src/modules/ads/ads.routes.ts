import {
  adClickSchema,
  adImpressionsSchema,
  adminCampaignResponseSchema,
  adminCampaignsPageSchema,
  adminCampaignsQuerySchema,
  campaignOptionsSchema,
  campaignReasonSchema,
  campaignResponseSchema,
  campaignsPageSchema,
  createCampaignSchema,
  payCampaignSchema,
  servedAdsQuerySchema,
  servedAdsSchema,
} from '@app/shared/ads';
import { idParamsSchema, pageQuerySchema } from '@app/shared/common';
import { paymentInProgressSchema, paymentSchema } from '@app/shared/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, errorResponses, perAccountKey, perAddressKey, publicReadKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import { eventPublicPath } from '../events/event-paths';
import { paymentDepsOf } from '../payments/payments.routes';
import { uploadUrl } from '../uploads/uploads.storage';
import {
  type AdsDeps,
  campaignOptions,
  countVisits,
  createCampaign,
  getForTeam,
  getOwnCampaign,
  listForTeam,
  listOwn,
  payCampaign,
  refuseCampaign,
  reviewCampaign,
  serve,
} from './ads.service';

const tags = ['ads'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const WRITE_RATE = { hook: 'preHandler' as const, max: 20, timeWindow: '1 minute', keyGenerator: perAccountKey('campaigns') };
const PAY_RATE = { hook: 'preHandler' as const, max: 5, timeWindow: '1 minute', keyGenerator: perAccountKey('payments') };
/** A page shows a few promoted cards: far above a person, far below a flood (which counts nothing more anyway). */
const COUNT_RATE = { max: 120, timeWindow: '1 minute', keyGenerator: perAddressKey('ads-count') };

export function adsDepsOf(app: FastifyInstance): AdsDeps {
  return {
    db: app.db,
    payments: paymentDepsOf(app),
    transactions: { db: app.db, log: app.log, providers: app.paymentProviders },
    live: app.ads.live,
  };
}

function visitOf(request: FastifyRequest) {
  return { userId: request.user?.id ?? null, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/**
 * 'Publicités' (issue 30, decision 068): the advertiser's `/campaigns…`, the team's
 * `/admin/campaigns…` (manage_ads), and the public `/ads/served`, `/ads/impressions`, `/ads/clicks`.
 */
export const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = adsDepsOf(app);

  app.get(
    '/campaigns/options',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Les prix des emplacements (par jour et par ville ; tout le Cameroun compte pour nationalFactor villes) et les événements que le compte peut promouvoir : les siens, ceux de son partenaire ou de sa page business, publiés, publics et non terminés',
        response: { 200: campaignOptionsSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => campaignOptions(deps, actorOf(request).id),
  );

  app.get(
    '/campaigns',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mes campagnes, les plus récentes d’abord, avec leurs impressions et leurs clics',
        querystring: pageQuerySchema,
        response: { 200: campaignsPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listOwn(deps, actorOf(request).id, request.query.page, request.query.limit),
  );

  app.post(
    '/campaigns',
    {
      config: { access: 'authenticated', rateLimit: WRITE_RATE },
      schema: {
        tags,
        summary:
          'Crée une campagne à payer : un de mes événements promouvables, un emplacement, des villes ou tout le Cameroun, du jour de début (aujourd’hui au plus tôt) au jour de fin (60 jours au plus). budget : le prix affiché, refusé s’il est inférieur au prix du serveur',
        body: createCampaignSchema,
        response: { 201: campaignResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createCampaign(deps, actorOf(request), request.body);
    },
  );

  app.get(
    '/campaigns/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Une de mes campagnes, son paiement et ses impressions et clics par jour (404 pour celle d’un autre compte)',
        params: idParamsSchema,
        response: { 200: campaignResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ campaign: await getOwnCampaign(deps, actorOf(request).id, request.params.id) }),
  );

  app.post(
    '/campaigns/:id/payment',
    {
      config: { access: 'authenticated', rateLimit: PAY_RATE },
      schema: {
        tags,
        summary:
          'Paie une campagne à payer avec Mobile Money, comme Premium (suivi par GET /api/payments/{id}) : son prix, jamais celui du client ; un paiement refusé la laisse à payer',
        params: idParamsSchema,
        body: payCampaignSchema,
        response: {
          200: z.object({ message: z.string(), payment: paymentSchema }),
          201: z.object({ message: z.string(), payment: paymentSchema }),
          ...errorResponses(400, 401, 403, 404, 429),
          409: paymentInProgressSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await payCampaign(deps, actorOf(request), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  // ─── the team ─────────────────────────────────────────────────────────────────────────────

  app.get(
    '/admin/campaigns',
    {
      config: { access: 'manage_ads' },
      schema: {
        tags,
        summary: 'Publicités : les campagnes, les plus récentes d’abord, filtrées par statut, emplacement, ville et période',
        querystring: adminCampaignsQuerySchema,
        response: { 200: adminCampaignsPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listForTeam(deps, request.query),
  );

  app.get(
    '/admin/campaigns/:id',
    {
      config: { access: 'manage_ads' },
      schema: {
        tags,
        summary: 'Une campagne, son annonceur, son paiement et ses impressions et clics par jour',
        params: idParamsSchema,
        response: { 200: adminCampaignResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ campaign: await getForTeam(deps, request.params.id) }),
  );

  for (const action of ['approve', 'resume'] as const) {
    app.post(
      `/admin/campaigns/:id/${action}`,
      {
        config: { access: 'manage_ads' },
        schema: {
          tags,
          summary:
            action === 'approve'
              ? 'Approuve une campagne payée en attente : elle s’affiche entre ses dates ; l’annonceur est prévenu'
              : 'Reprend une campagne suspendue',
          params: idParamsSchema,
          response: { 200: adminCampaignResponseSchema, ...SIGNED_IN_ERRORS },
        },
      },
      async (request) => reviewCampaign(deps, actorOf(request), request.params.id, action),
    );
  }

  app.post(
    '/admin/campaigns/:id/suspend',
    {
      config: { access: 'manage_ads' },
      schema: {
        tags,
        summary: 'Suspend une campagne approuvée, avec un motif ; l’annonceur est prévenu',
        params: idParamsSchema,
        body: campaignReasonSchema,
        response: { 200: adminCampaignResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => reviewCampaign(deps, actorOf(request), request.params.id, 'suspend', request.body.reason),
  );

  app.post(
    '/admin/campaigns/:id/refuse',
    {
      config: { access: 'manage_ads' },
      schema: {
        tags,
        summary:
          'Refuse une campagne en attente, avec un motif : son paiement est remboursé (par l’opérateur, sinon enregistré à la main) et l’annonceur prévenu ; un remboursement qui échoue ne change rien',
        params: idParamsSchema,
        body: campaignReasonSchema,
        response: { 200: adminCampaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => refuseCampaign(deps, actorOf(request), request.params.id, request.body.reason),
  );

  // ─── public ───────────────────────────────────────────────────────────────────────────────

  app.get(
    '/ads/served',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.config.PUBLIC_READ_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: publicReadKey },
      },
      schema: {
        tags,
        summary:
          'Les événements sponsorisés d’un emplacement pour une ville (campagnes de cette ville ou de tout le Cameroun), chacun à son tour, jamais ceux de exclude',
        querystring: servedAdsQuerySchema,
        response: { 200: servedAdsSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { count: limit, ...query } = request.query;
      const picked = await serve(deps, { ...query, limit });
      return {
        items: picked.map(({ campaignId, card }) => ({
          campaignId,
          event: {
            _id: card.id,
            title: card.title,
            city: card.city,
            startDateTime: card.startDateTime.toISOString(),
            href: eventPublicPath(card),
            image: card.cover ? uploadUrl(card.cover.cardKey) : null,
          },
        })),
      };
    },
  );

  app.post(
    '/ads/impressions',
    {
      config: { keepsCachedAnswers: true, access: 'public', rateLimit: COUNT_RATE },
      schema: {
        tags,
        summary:
          'Compte les cartes sponsorisées vues : une fois par visiteur, campagne et jour (compte connecté, sinon empreinte anonyme du jour), 10 visiteurs au plus par adresse',
        body: adImpressionsSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await countVisits(deps, 'impression', request.body.campaignIds, visitOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/ads/clicks',
    {
      config: { keepsCachedAnswers: true, access: 'public', rateLimit: COUNT_RATE },
      schema: {
        tags,
        summary: 'Compte un clic sur une carte sponsorisée, aux mêmes règles que les impressions',
        body: adClickSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await countVisits(deps, 'click', [request.body.campaignId], visitOf(request));
      return reply.code(204).send(null);
    },
  );
};
