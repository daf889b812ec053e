import multipart from '@fastify/multipart';
import { apiErrorSchema, idParamsSchema, messageSchema as okSchema } from '@app/shared/common';
import {
  CONVERSATION_MESSAGES as M,
  conversationsQuerySchema,
  conversationsResponseSchema,
  MESSAGE_IMAGE_MAX_BYTES,
  messageImageResponseSchema,
  messagesQuerySchema,
  mySupportResponseSchema,
  readConversationSchema,
  sendMessageSchema,
  sentMessageResponseSchema,
  startEventConversationSchema,
  threadResponseSchema,
  unreadMessagesResponseSchema,
  userIdParamsSchema,
} from '@app/shared/conversations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, multipartRequired } from '../../lib/errors';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import {
  blockPerson,
  myConversations,
  mySupportThread,
  myThread,
  readConversation,
  unblockPerson,
  unreadMessages,
  writeAboutEvent,
  writeInConversation,
  writeToSupport,
} from './conversations.service';
import { uploadMessageImage } from './message-images.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const readLimit = { hook: 'preHandler' as const, max: 240, timeWindow: '1 minute', keyGenerator: perAccountKey('conversations') };
/** Messages: a conversation's pace, not a flood (every conversation of the account together). */
const writeLimit = { hook: 'preHandler' as const, max: 20, timeWindow: '1 minute', keyGenerator: perAccountKey('messages') };
const blockLimit = { hook: 'preHandler' as const, max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey('blocks') };
/** Each photo is decoded and re-encoded, the costliest work here: 60 an hour per account (the team's too). */
const imageLimit = { hook: 'preHandler' as const, max: 60, timeWindow: '1 hour', keyGenerator: perAccountKey('message-images') };

/** The one image of a multipart form, under the field `image`. */
async function readImage(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart()) throw multipartRequired();
  let image: { name: string; data: Buffer } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'image') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(M.imageOnlyField, { image: [M.imageRequired] });
      }
      const data = await part.toBuffer();
      if (data.length > 0) image = { name: (part.filename || 'photo').slice(0, 100), data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', M.imageTooLarge, { image: [M.imageTooLarge] });
    if (code === 'FST_FILES_LIMIT') throw badRequest(M.imageOnlyOne, { image: [M.imageOnlyOne] });
    throw error;
  }
  if (!image) throw badRequest(M.imageRequired, { image: [M.imageRequired] });
  return image;
}

/** A signed-in person's conversations (decision 063): support, and the threads about events. */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, realtime: app.realtime };
  const tags = ['conversations'];
  await app.register(multipart, {
    limits: { fileSize: MESSAGE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 },
  });

  app.post(
    '/conversations/images',
    {
      config: { access: 'authenticated', rateLimit: imageLimit },
      schema: {
        tags,
        summary:
          'Une photo pour un message (multipart, champ image, 10 Mo au plus) : vérifiée par son contenu, ré-encodée en WebP sans métadonnées ; à envoyer ensuite par imageId, par moi seul',
        consumes: ['multipart/form-data'],
        response: { 201: messageImageResponseSchema, ...errors, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = actorOf(request).id;
      const file = await readImage(request);
      const image = await uploadMessageImage({ db: app.db, storage: app.storage, log: app.log }, userId, file);
      return reply.code(201).send({ message: M.imageSaved, image });
    },
  );

  app.get(
    '/conversations',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags,
        summary: 'Mes conversations (support, et celles de mes événements), le dernier message d’abord, 20 par page',
        querystring: conversationsQuerySchema,
        response: { 200: conversationsResponseSchema, ...errors },
      },
    },
    async (request) => myConversations(deps, actorOf(request).id, request.query.page),
  );

  app.get(
    '/conversations/unread-count',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags,
        summary: 'Le nombre de messages que je n’ai pas lus',
        response: { 200: unreadMessagesResponseSchema, ...errors },
      },
    },
    async (request) => ({ unread: await unreadMessages(deps, actorOf(request).id) }),
  );

  app.get(
    '/conversations/support',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags,
        summary:
          'Ma conversation avec l’équipe et ses 50 derniers messages (null avant mon premier message ; before : les précédents)',
        querystring: messagesQuerySchema,
        response: { 200: mySupportResponseSchema, ...errors },
      },
    },
    async (request) => ({ thread: await mySupportThread(deps, actorOf(request).id, request.query.before) }),
  );

  app.post(
    '/conversations/support',
    {
      config: { access: 'authenticated', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Écrit à l’équipe (la conversation est créée, ou rouverte, au besoin)',
        body: sendMessageSchema,
        response: { 201: sentMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await writeToSupport(deps, actorOf(request).id, request.body)),
  );

  app.post(
    '/events/:id/conversations',
    {
      config: { access: 'authenticated', rateLimit: writeLimit },
      schema: {
        tags,
        summary:
          'Écrit à l’organisateur d’un événement auquel je participe, ou, organisateur, à l’un de ses participants (participantId)',
        params: idParamsSchema,
        body: startEventConversationSchema,
        response: { 201: sentMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await writeAboutEvent(deps, actorOf(request).id, request.params.id, request.body)),
  );

  app.get(
    '/conversations/:id',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags,
        summary: 'Une de mes conversations et ses 50 derniers messages (before : les précédents)',
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: threadResponseSchema, ...errors },
      },
    },
    async (request) => myThread(deps, actorOf(request).id, request.params.id, request.query.before),
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: { access: 'authenticated', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Écrit dans une de mes conversations',
        params: idParamsSchema,
        body: sendMessageSchema,
        response: { 201: sentMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await writeInConversation(deps, actorOf(request).id, request.params.id, request.body)),
  );

  app.put(
    '/conversations/:id/read',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags,
        summary: 'Marque une de mes conversations comme lue, jusqu’au message upTo (le dernier affiché) s’il est donné',
        params: idParamsSchema,
        body: readConversationSchema,
        response: { 200: unreadMessagesResponseSchema.extend({ message: okSchema.shape.message }), ...errors },
      },
    },
    async (request) => ({
      message: M.read,
      unread: await readConversation(deps, actorOf(request).id, request.params.id, request.body?.upTo),
    }),
  );

  app.put(
    '/users/me/blocks/:userId',
    {
      config: { access: 'authenticated', rateLimit: blockLimit },
      schema: {
        tags,
        summary: 'Bloque une personne : ni elle ni moi ne pouvons plus nous écrire',
        params: userIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await blockPerson(deps, actorOf(request).id, request.params.userId);
      return { message: M.blockedDone };
    },
  );

  app.delete(
    '/users/me/blocks/:userId',
    {
      config: { access: 'authenticated', rateLimit: blockLimit },
      schema: {
        tags,
        summary: 'Débloque une personne',
        params: userIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await unblockPerson(deps, actorOf(request).id, request.params.userId);
      return { message: M.unblockedDone };
    },
  );
};
