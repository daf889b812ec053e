import { idParamsSchema } from '@app/shared/common';
import {
  failedMessagesPageSchema,
  failedMessagesQuerySchema,
  outboxActionResponseSchema,
  outboxSummarySchema,
  retryAllFailedSchema,
} from '@app/shared/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';
import {
  deleteFailedMessage,
  listFailedMessages,
  outboxSummary,
  retryAllFailed,
  retryFailedMessage,
} from './outbox-admin.service';

const actionLimit = {
  hook: 'preHandler' as const,
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('outbox-actions'),
};

/**
 * 'Messagerie' › 'Envois en échec' (`manage_chats`, decision 066): the outbox's dead letters and
 * its summary; 'Renvoyer', 'Tout renvoyer' and 'Supprimer', each audited.
 */
export const outboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db };
  const tags = ['messagerie'];

  app.get(
    '/admin/outbox/summary',
    {
      config: { access: 'manage_chats' },
      schema: {
        tags,
        summary: 'Les envois en attente (dont ceux en nouvel essai) et en échec, exacts jusqu’à 1 000',
        response: { 200: outboxSummarySchema, ...errorResponses(401, 403) },
      },
    },
    async () => outboxSummary(deps),
  );

  app.get(
    '/admin/outbox/failed',
    {
      config: { access: 'manage_chats' },
      schema: {
        tags,
        summary:
          'Les envois en échec (e-mails, SMS, push), le dernier échec d’abord, 10 par page : canal, recherche par destinataire (adresse, numéro ou nom du compte), dernière erreur sans secret',
        querystring: failedMessagesQuerySchema,
        response: { 200: failedMessagesPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listFailedMessages(deps, request.query),
  );

  app.post(
    '/admin/outbox/failed/retry',
    {
      config: { access: 'manage_chats', rateLimit: { ...actionLimit, max: 10 } },
      schema: {
        tags,
        summary: 'Tout renvoyer : jusqu’à 1 000 envois en échec (d’un canal) repartent dans la file (audité)',
        body: retryAllFailedSchema,
        response: { 200: outboxActionResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => retryAllFailed(deps, actorOf(request), request.body),
  );

  app.post(
    '/admin/outbox/:id/retry',
    {
      config: { access: 'manage_chats', rateLimit: actionLimit },
      schema: {
        tags,
        summary: 'Renvoyer : l’envoi repart dans la file comme neuf, la boucle d’envoi le reprend (audité)',
        params: idParamsSchema,
        response: { 200: outboxActionResponseSchema, ...SIGNED_IN_ERRORS, ...errorResponses(429) },
      },
    },
    async (request) => retryFailedMessage(deps, actorOf(request), request.params.id),
  );

  app.delete(
    '/admin/outbox/:id',
    {
      config: { access: 'manage_chats', rateLimit: actionLimit },
      schema: {
        tags,
        summary: 'Supprimer : l’envoi en échec est abandonné, il ne partira jamais (audité)',
        params: idParamsSchema,
        response: { 200: outboxActionResponseSchema, ...SIGNED_IN_ERRORS, ...errorResponses(429) },
      },
    },
    async (request) => deleteFailedMessage(deps, actorOf(request), request.params.id),
  );
};
