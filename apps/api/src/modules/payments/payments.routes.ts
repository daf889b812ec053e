import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, pageQuerySchema } from '@app/shared/common';
import {
  paymentCallbackParamsSchema,
  paymentInProgressSchema,
  paymentResponseSchema,
  paymentsPageSchema,
  premiumOverviewSchema,
  startPaymentSchema,
} from '@app/shared/payments';
import { actorOf, errorResponses, perAccountKey, perAddressKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import { receiveCallback } from './payments.callbacks';
import {
  cancelPayment,
  getOwnPayment,
  listPayments,
  type PaymentDeps,
  premiumOverview,
  startPayment,
  toPayment,
} from './payments.service';

/** Five payment attempts a minute per account (issue 28, 'Bad input and limits'). */
const START_RATE = { max: 5, timeWindow: '1 minute', keyGenerator: perAccountKey('payments') };
/** Callbacks come from a provider's few addresses: a ceiling for a crowd, not a person. */
const CALLBACK_RATE = { max: 120, timeWindow: '1 minute', keyGenerator: perAddressKey('payment-callbacks') };
/** A callback body is small; the raw bytes are kept for the signature. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

export function paymentDepsOf(app: FastifyInstance): PaymentDeps {
  return {
    db: app.db,
    providers: app.paymentProviders,
    settings: app.settings,
    log: app.log,
    publicUrl: app.config.PUBLIC_URL,
  };
}

/**
 * Premium paid with Mobile Money (issue 28, decision 052): the payer's routes (signed in; the
 * access hook refuses blocked and unverified accounts) and the providers' callbacks (public,
 * behind the payment's unguessable token and the provider's signature).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = paymentDepsOf(app);

  app.get(
    '/payments/premium',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary: 'Premium : les formules aux prix du jour, le crédit de parrainage, l’abonnement et le paiement en cours',
        response: { 200: premiumOverviewSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => premiumOverview(deps, actorOf(request).id),
  );

  app.post(
    '/payments',
    {
      config: { access: 'authenticated', rateLimit: START_RATE },
      schema: {
        tags: ['payments'],
        summary:
          'Paie une formule avec Mobile Money : le montant est le prix de la formule (moins le crédit de parrainage), jamais celui du client. Même clé idempotencyKey : le même paiement (200)',
        body: startPaymentSchema,
        response: {
          200: paymentResponseSchema,
          201: paymentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
          409: paymentInProgressSchema,
        },
      },
    },
    async (request, reply) => {
      const { payment, created } = await startPayment(deps, actorOf(request), request.body);
      return reply.code(created ? 201 : 200).send({ payment: toPayment(payment, deps.providers) });
    },
  );

  app.get(
    '/payments',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary: 'Mes paiements, les plus récents d’abord',
        querystring: pageQuerySchema,
        response: { 200: paymentsPageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => listPayments(deps, actorOf(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/payments/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary: 'Un de mes paiements et son statut (404 pour celui d’un autre compte)',
        params: idParamsSchema,
        response: { 200: paymentResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      payment: toPayment(await getOwnPayment(deps, actorOf(request).id, request.params.id), deps.providers),
    }),
  );

  app.post(
    '/payments/:id/cancel',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['payments'],
        summary:
          'Annule l’attente d’un paiement en cours ; l’opérateur reste interrogé jusqu’à l’expiration de la demande (validé quand même : Premium accordé)',
        params: idParamsSchema,
        response: { 200: paymentResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      payment: toPayment(await cancelPayment(deps, actorOf(request).id, request.params.id), deps.providers),
    }),
  );

  // The providers' callbacks: the raw body bytes (the signature is over them), in a scope of their own.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    callbacks.withTypeProvider<ZodTypeProvider>().post(
      '/payments/callbacks/:operator/:token',
      {
        config: { access: 'public', rateLimit: CALLBACK_RATE },
        schema: {
          tags: ['payments'],
          summary:
            'Rappel d’un opérateur (une indication seulement) : signature vérifiée sur le corps brut, puis statut relu chez l’opérateur',
          params: paymentCallbackParamsSchema,
          response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404, 429) },
        },
      },
      async (request) =>
        receiveCallback(deps, {
          operator: request.params.operator,
          token: request.params.token,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          headers: request.headers,
        }),
    );
  });
};
