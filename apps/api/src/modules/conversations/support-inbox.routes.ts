import { idParamsSchema } from '@app/shared/common';
import {
  messagesQuerySchema,
  sendMessageSchema,
  supportActionResponseSchema,
  supportInboxQuerySchema,
  supportInboxResponseSchema,
  supportReplyResponseSchema,
  supportStatusSchema,
  supportThreadResponseSchema,
} from '@app/shared/conversations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import { changeSupportConversation, replyToSupport, supportInbox, supportThread } from './support-inbox.service';

const errors = errorResponses(400, 401, 403, 404, 429);
const writeLimit = {
  hook: 'preHandler' as const,
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('support-replies'),
};

/** 'Messagerie' (manage_chats): the support inbox, its threads, answering, assigning, closing. */
export const supportInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, realtime: app.realtime };
  const tags = ['messagerie'];

  app.get(
    '/admin/conversations',
    {
      config: { access: 'manage_chats' },
      schema: {
        tags,
        summary: 'Les conversations avec l’équipe : ouvertes, en attente de nous, fermées, les miennes ; recherche par personne',
        querystring: supportInboxQuerySchema,
        response: { 200: supportInboxResponseSchema, ...errors },
      },
    },
    async (request) => supportInbox(deps, actorOf(request), request.query),
  );

  app.get(
    '/admin/conversations/:id',
    {
      config: { access: 'manage_chats' },
      schema: {
        tags,
        summary: 'Une conversation avec l’équipe et ses 50 derniers messages (before : les précédents)',
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: supportThreadResponseSchema, ...errors },
      },
    },
    async (request) => supportThread(deps, actorOf(request), request.params.id, request.query.before),
  );

  app.post(
    '/admin/conversations/:id/messages',
    {
      config: { access: 'manage_chats', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Répond au nom de l’équipe (la personne reçoit une notification)',
        params: idParamsSchema,
        body: sendMessageSchema,
        response: { 201: supportReplyResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await replyToSupport(deps, actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/admin/conversations/:id/assign',
    {
      config: { access: 'manage_chats', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'M’attribue la conversation (audité)',
        params: idParamsSchema,
        response: { 200: supportActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return changeSupportConversation(deps, actor, request.params.id, { assignedTo: actor.id });
    },
  );

  app.put(
    '/admin/conversations/:id/status',
    {
      config: { access: 'manage_chats', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Ferme ou rouvre la conversation (audité)',
        params: idParamsSchema,
        body: supportStatusSchema,
        response: { 200: supportActionResponseSchema, ...errors },
      },
    },
    async (request) => changeSupportConversation(deps, actorOf(request), request.params.id, request.body),
  );
};
