import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamsSchema, messageSchema } from '@app/shared/common';
import {
  waitlistCountSchema,
  waitlistEntrySchema,
  waitlistFormTokenSchema,
  waitlistExportQuerySchema,
  waitlistListQuerySchema,
  waitlistPageSchema,
  waitlistSignupResponseSchema,
  waitlistSignupSchema,
} from '@app/shared/waitlist';
import { WAITLIST_MESSAGES, WAITLIST_MIN_FILL_MS } from '@app/shared/waitlist';
import { AppError, tooManyAttempts } from '../../lib/errors';
import { accountOfBody, limitPerIpAndAccount } from '../auth/auth.rate-limits';
import {
  decide,
  exportCsv,
  listWaitlistArray,
  listWaitlistPage,
  removeEntry,
  signUp,
  type WaitlistDeps,
} from './waitlist.service';
import { actorOf, perAddressKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';

/**
 * Sign-ups per (address, contact) pair, and per address a ceiling meant for the thousands of
 * phones behind one carrier address (issue 24, decision 020).
 */
export const WAITLIST_SIGNUP_RATE = {
  pair: { max: 5, windowMs: 10 * 60_000 },
  address: { max: 1000, windowMs: 10 * 60_000 },
} as const;
/** Sign-ups without a valid form token (no minimum fill time measured): 5 per hour per address. */
export const WAITLIST_BARE_SIGNUP_RATE = { max: 5, timeWindowMs: 60 * 60_000 } as const;

/**
 * The minimum fill time, measured by the server (decision 021): a valid form token under
 * WAITLIST_MIN_FILL_MS old is refused (TOO_FAST); without a valid token the sign-up takes the
 * tighter per-address limit. Shared by the JSON sign-up and the page's form post (decision 027).
 */
export function fillTimeCheck(app: FastifyInstance): preHandlerAsyncHookHandler {
  const bareSignups = app.createRateLimit({
    max: WAITLIST_BARE_SIGNUP_RATE.max,
    timeWindow: WAITLIST_BARE_SIGNUP_RATE.timeWindowMs,
    keyGenerator: perAddressKey('waitlist-bare'),
  });
  return async (request, reply) => {
    const age = app.formTokens.age((request.body as { formToken?: string } | undefined)?.formToken);
    if (age !== null) {
      if (age < WAITLIST_MIN_FILL_MS) throw new AppError('TOO_FAST', WAITLIST_MESSAGES.tooFast);
      return;
    }
    const state = await bareSignups(request);
    if (!state.isAllowed && state.isExceeded) {
      reply.header('retry-after', String(state.ttlInSeconds));
      throw tooManyAttempts(state.ttlInSeconds * 1000, { retryAfterInBody: true });
    }
  };
}

/**
 * The waiting list: public sign-up and count, and its management (`manage_users`). The paths of
 * the original client are served as they are (`GET /waitlist` as a plain array, `DELETE /waitlist/:id`);
 * the back-office screen uses the paged `/admin/waitlist`.
 */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = waitlistDepsOf(app);
  /**
   * The minimum fill time is measured by the server (decision 021): the form's token says when the
   * server issued it. A sign-up without a valid token (the original client sends only
   * { name, phone, email }) has no measured time: such sign-ups share a tighter per-address limit.
   */
  app.get(
    '/waitlist/form-token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['waitlist'],
        summary: 'Jeton signé et daté du formulaire de la liste d’attente (le serveur mesure le temps de remplissage)',
        response: { 200: waitlistFormTokenSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { token: app.formTokens.issue() };
    },
  );
  const fillTime = fillTimeCheck(app);
  app.post(
    '/waitlist',
    {
      config: { keepsCachedAnswers: true, access: 'public' },
      preValidation: limitPerIpAndAccount(app, 'waitlist', WAITLIST_SIGNUP_RATE, accountOfBody),
      preHandler: fillTime,
      schema: {
        tags: ['waitlist'],
        summary:
          'Inscription sur la liste d’attente (201 ; 200 avec alreadyRegistered quand le téléphone ou l’e-mail y est déjà). Anti-robot : champ piège `website`, `formToken` de GET /waitlist/form-token émis depuis 1,5 s au moins (sans jeton valide : 5 par heure et par adresse)',
        body: waitlistSignupSchema,
        response: {
          200: waitlistSignupResponseSchema,
          201: waitlistSignupResponseSchema,
          429: apiErrorSchema,
          ...SIGNED_IN_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await signUp(deps, request.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/waitlist/count',
    {
      config: { access: 'public' },
      schema: {
        tags: ['waitlist'],
        summary: 'Nombre de personnes inscrites (mis en cache 10 s)',
        response: { 200: waitlistCountSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=10');
      return { count: await app.waitlistCount.get() };
    },
  );

  app.get(
    '/waitlist',
    {
      config: { access: 'manage_users' },
      schema: {
        tags: ['waitlist'],
        summary: 'Liste d’attente en tableau simple (client d’origine), les plus récentes d’abord, 1000 au plus',
        querystring: waitlistExportQuerySchema,
        response: { 200: z.array(waitlistEntrySchema), ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listWaitlistArray(deps, request.query),
  );

  app.get(
    '/admin/waitlist',
    {
      config: { access: 'manage_users' },
      schema: {
        tags: ['waitlist'],
        summary: 'Liste d’attente paginée : recherche (nom, e-mail, téléphone), statut, les plus récentes d’abord',
        querystring: waitlistListQuerySchema,
        response: { 200: waitlistPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listWaitlistPage(deps, request.query),
  );

  app.get(
    '/admin/waitlist/export.csv',
    {
      config: { access: 'manage_users' },
      schema: {
        tags: ['waitlist'],
        summary: 'Export CSV de la liste filtrée (UTF-8 avec BOM, séparateur « ; », pour Excel)',
        querystring: waitlistExportQuerySchema,
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="liste-d-attente-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportCsv(deps, request.query));
    },
  );

  for (const [action, status] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/admin/waitlist/:id/${action}`,
      {
        config: { access: 'manage_users' },
        schema: {
          tags: ['waitlist'],
          summary:
            action === 'approve'
              ? 'Approuve une entrée en attente (409 sinon) et prévient la personne par e-mail ou SMS'
              : 'Rejette une entrée en attente (409 sinon)',
          params: idParamsSchema,
          response: { 200: waitlistEntrySchema, ...SIGNED_IN_ERRORS },
        },
      },
      async (request) => decide(deps, actorOf(request), request.params.id, status),
    );
  }

  for (const path of ['/waitlist/:id', '/admin/waitlist/:id']) {
    app.delete(
      path,
      {
        config: { access: 'manage_users' },
        schema: {
          tags: ['waitlist'],
          summary: 'Supprime une entrée, quel que soit son statut',
          params: idParamsSchema,
          response: { 200: messageSchema, ...SIGNED_IN_ERRORS },
        },
      },
      async (request) => {
        await removeEntry(deps, actorOf(request), request.params.id);
        return { message: 'Entrée supprimée de la liste d’attente' };
      },
    );
  }
};

/** What the waiting-list service is given of the app (decision 019), for its JSON and HTML routes. */
export function waitlistDepsOf(app: FastifyInstance): WaitlistDeps {
  return {
    db: app.db,
    settings: app.settings,
    notifications: app.notifications,
    referrals: app.referrals,
    waitlistCount: app.waitlistCount,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
  };
}
