import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, messageSchema, pageQuerySchema } from '@app/shared/common';
import {
  leaderboardPageSchema,
  myReferralSchema,
  rewardGrantDecisionSchema,
  rewardGrantListQuerySchema,
  rewardGrantPageSchema,
  rewardGrantSchema,
  rewardRuleActiveSchema,
  rewardRuleInputSchema,
  rewardRulePageSchema,
  rewardRuleSchema,
} from '@app/shared/referrals';
import {
  createRewardRule,
  decideRewardGrant,
  deleteRewardRule,
  getLeaderboard,
  getMyReferral,
  getRewardGrants,
  getRewardRules,
  type ReferralDeps,
  updateRewardRule,
} from './referrals.service';
import { actorOf, SIGNED_IN_ERRORS } from '../../lib/route-kit';

/**
 * Referrals and rewards, at the paths the mobile app calls: the account's own link and figures (any signed-in account),
 * the leaderboard (`manage_referrals`), reward rules and granted rewards (`manage_rewards`).
 */
export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ReferralDeps = { db: app.db, log: app.log, publicUrl: app.config.PUBLIC_URL };

  app.get(
    '/referral/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['referral'],
        summary: 'Mon compte : nom, contact, offre, lien de parrainage, compteurs et récompenses',
        response: { 200: myReferralSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getMyReferral(deps, actorOf(request).id),
  );

  app.get(
    '/referral/leaderboard',
    {
      config: { access: 'manage_referrals' },
      schema: {
        tags: ['referral'],
        summary: 'Classement des parrains : inscriptions puis clics, les plus élevés d’abord',
        querystring: pageQuerySchema,
        response: { 200: leaderboardPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getLeaderboard(deps, request.query.page, request.query.limit),
  );

  app.get(
    '/referral/admin/rewards',
    {
      config: { access: 'manage_rewards' },
      schema: {
        tags: ['referral'],
        summary: 'Récompenses accordées, les plus récentes d’abord (filtre de statut facultatif)',
        querystring: rewardGrantListQuerySchema,
        response: { 200: rewardGrantPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getRewardGrants(deps, request.query.status, request.query.page, request.query.limit),
  );

  app.patch(
    '/referral/admin/rewards/:id',
    {
      config: { access: 'manage_rewards' },
      schema: {
        tags: ['referral'],
        summary:
          'Marque une récompense accordée (livrée) ou révoquée ; des jours premium prolongent (ou raccourcissent) l’abonnement. Audité',
        params: idParamsSchema,
        body: rewardGrantDecisionSchema,
        response: { 200: rewardGrantSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => decideRewardGrant(deps, actorOf(request).id, request.params.id, request.body),
  );

  app.get(
    '/referral/reward-rules',
    {
      config: { access: 'manage_rewards' },
      schema: {
        tags: ['referral'],
        summary: 'Règles de récompense, les plus récentes d’abord',
        querystring: pageQuerySchema,
        response: { 200: rewardRulePageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getRewardRules(deps, request.query.page, request.query.limit),
  );

  app.post(
    '/referral/reward-rules',
    {
      config: { access: 'manage_rewards' },
      schema: {
        tags: ['referral'],
        summary: 'Crée une règle ; les parrains qui atteignent déjà le seuil reçoivent leur récompense (en attente)',
        body: rewardRuleInputSchema,
        response: { 201: rewardRuleSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request, reply) => reply.code(201).send(await createRewardRule(deps, actorOf(request).id, request.body)),
  );

  // PUT carries the whole rule, PATCH only `isActive`; both answer the rule as it now is.
  for (const { method, summary, body } of [
    {
      method: 'PUT',
      summary: 'Modifie une règle (les récompenses déjà créées gardent leur type et leur valeur)',
      body: rewardRuleInputSchema,
    },
    { method: 'PATCH', summary: 'Active ou désactive une règle', body: rewardRuleActiveSchema },
  ] as const) {
    app.route({
      method,
      url: '/referral/reward-rules/:id',
      config: { access: 'manage_rewards' },
      schema: {
        tags: ['referral'],
        summary,
        params: idParamsSchema,
        body,
        response: { 200: rewardRuleSchema, ...SIGNED_IN_ERRORS },
      },
      handler: async (request) => updateRewardRule(deps, actorOf(request).id, request.params.id, request.body),
    });
  }

  app.delete(
    '/referral/reward-rules/:id',
    {
      config: { access: 'manage_rewards' },
      schema: {
        tags: ['referral'],
        summary: 'Supprime une règle qui n’a jamais accordé de récompense (409 sinon : désactivez-la)',
        params: idParamsSchema,
        response: { 200: messageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      await deleteRewardRule(deps, actorOf(request).id, request.params.id);
      return { message: 'Règle supprimée' };
    },
  );
};
