import { idParamsSchema } from '@app/shared/common';
import { submittedReportResponseSchema } from '@app/shared/community';
import {
  conversationReportActionSchema,
  conversationReportDetailSchema,
  conversationReportsQuerySchema,
  conversationReportsResponseSchema,
  reportConversationSchema,
} from '@app/shared/conversation-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import {
  blockFromConversationReport,
  conversationReportDetail,
  conversationReportQueue,
  dismissConversationReport,
  reportConversation,
} from './conversation-reports.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
/** As every other report: far above a person's pace, low enough to stop a script flooding the team. */
const reportLimit = { hook: 'preHandler' as const, max: 5, timeWindow: '1 hour', keyGenerator: perAccountKey('report') };
const moderationLimit = {
  hook: 'preHandler' as const,
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('conversation-moderation'),
};

/**
 * Reports of a conversation (decision 064): a person reports their thread with someone; the team
 * handles them in 'Messagerie' › 'Signalées' (`manage_chats`).
 */
export const conversationReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, realtime: app.realtime };

  app.post(
    '/conversations/:id/reports',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: reportLimit },
      schema: {
        tags: ['conversations'],
        summary:
          'Signale une de mes conversations sur un événement (motif, précision facultative ; block : bloque aussi la personne) ; ses 5 derniers messages vont avec le signalement ; un seul signalement ouvert par auteur et conversation',
        params: idParamsSchema,
        body: reportConversationSchema,
        response: { 201: submittedReportResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reportConversation(deps, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/conversation-reports',
    {
      config: { access: 'manage_chats' },
      schema: {
        tags: ['messagerie'],
        summary:
          'Les conversations signalées encore ouvertes, la plus récente en premier, 20 par page ; recherche par personne (celle qui signale ou celle qui est signalée ; sur un administrateur : manage_admins aussi)',
        querystring: conversationReportsQuerySchema,
        response: { 200: conversationReportsResponseSchema, ...errors },
      },
    },
    async (request) => conversationReportQueue(deps, actorOf(request), request.query),
  );

  app.get(
    '/admin/conversation-reports/:id',
    {
      config: { access: 'manage_chats' },
      schema: {
        tags: ['messagerie'],
        summary: 'Un signalement de conversation et les messages en cause (les derniers de la personne signalée)',
        params: idParamsSchema,
        response: { 200: conversationReportDetailSchema, ...errors },
      },
    },
    async (request) => conversationReportDetail(deps, actorOf(request), request.params.id),
  );

  app.put(
    '/admin/conversation-reports/:id/dismiss',
    {
      config: { access: 'manage_chats', rateLimit: moderationLimit },
      schema: {
        tags: ['messagerie'],
        summary: 'Classe le signalement (audité)',
        params: idParamsSchema,
        response: { 200: conversationReportActionSchema, ...errors },
      },
    },
    async (request) => dismissConversationReport(deps, actorOf(request), request.params.id),
  );

  app.put(
    '/admin/conversation-reports/:id/block',
    {
      config: { access: 'manage_chats', rateLimit: moderationLimit },
      schema: {
        tags: ['messagerie'],
        summary:
          'Bloque la personne signalée (audité ; ses sessions et ses flux prennent fin, ses signalements ouverts sont clos ; un administrateur : manage_admins aussi ; jamais un superadmin)',
        params: idParamsSchema,
        response: { 200: conversationReportActionSchema, ...errors },
      },
    },
    async (request) => blockFromConversationReport(deps, actorOf(request), request.params.id),
  );
};
