import { idParamsSchema, messageSchema, uuidParam } from '@app/shared/common';
import {
  commentResponseSchema,
  createCommentSchema,
  createReportSchema,
  joinEventSchema,
  likeResponseSchema,
  listCommentsQuerySchema,
  myParticipationsQuerySchema,
  myParticipationsResponseSchema,
  listCommentsResponseSchema,
  participationResponseSchema,
  submittedReportResponseSchema,
  viewResponseSchema,
} from '@app/shared/community';
import { viewQuerySchema } from '@app/shared/event-stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportComment, reportEvent, reportUser } from '../reports/reports.service';
import {
  addComment,
  joinEvent,
  leaveEvent,
  likeEvent,
  listEventComments,
  myLike,
  myParticipation,
  myParticipations,
  recordView,
  removeComment,
  unlikeEvent,
} from './community.service';
import { actorOf, errorResponses, perAccountKey, perAddressKey, publicReadKey } from '../../lib/route-kit';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const eventParams = idParamsSchema;
/** A private event's share link, for the reads and views of someone who does not take part yet. */
const shareTokenQuery = { shareToken: z.string().trim().min(1).max(200).optional() };
const commentParams = eventParams.extend({ commentId: uuidParam });

/**
 * Per account (the access hook has resolved it before preHandler), else per address. Far above a
 * person's pace, low enough to stop a script flooding the counters and the moderators.
 */
function perAccount(name: string, max: number, timeWindow: string) {
  return {
    hook: 'preHandler' as const,
    max,
    timeWindow,
    keyGenerator: perAccountKey(name),
  };
}

/**
 * The community API of the mobile app: take part, comment, like, count a view, report
 * a user. The rules are in community.service.ts and reports.service.ts.
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db };
  /** A visitor coming from a page of this site came in directly (decision 040). */
  const ownHost = new URL(app.config.PUBLIC_URL).hostname;

  app.post(
    '/events/:id/participants',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('join', 60, '1 minute') },
      schema: {
        tags: ['community'],
        summary:
          'Participe à un événement publié (une seule fois ; jamais au-delà de maxParticipants ; privé : organisateur, manage_events ou lien de partage)',
        params: eventParams,
        body: joinEventSchema,
        response: { 200: participationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await joinEvent(deps, actorOf(request), request.params.id, request.body?.shareToken);
      return {
        message: result.joined ? 'Participation enregistrée' : 'Vous participez déjà à cet événement',
        participating: true,
        participantsCount: result.participantsCount,
      };
    },
  );

  app.get(
    '/users/me/participations',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['community'],
        summary: 'Mes participations : les événements à venir (les plus proches d’abord) ou passés (les plus récents d’abord)',
        querystring: myParticipationsQuerySchema,
        response: { 200: myParticipationsResponseSchema, ...errors },
      },
    },
    async (request) => myParticipations(deps, actorOf(request), request.query),
  );

  app.get(
    '/events/:id/participants/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['community'],
        summary:
          'Indique si l’appelant participe à l’événement (privé : organisateur, manage_events, participant ou lien de partage)',
        params: eventParams,
        querystring: z.object(shareTokenQuery),
        response: { 200: participationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const state = await myParticipation(deps, actorOf(request), request.params.id, request.query.shareToken);
      return {
        message: state.participating ? 'Vous participez à cet événement' : 'Vous ne participez pas à cet événement',
        ...state,
      };
    },
  );

  app.delete(
    '/events/:id/participants/me',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('join', 60, '1 minute') },
      schema: {
        tags: ['community'],
        summary: 'Se retire d’un événement (sans effet si on n’y participait pas)',
        params: eventParams,
        response: { 200: participationResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Participation retirée',
      ...(await leaveEvent(deps, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/events/:id/comments',
    {
      // Like the event list (decision 013): limited per address (per account when signed in),
      // anonymous reads within the read budget, and no page past the first 10,000 comments.
      config: {
        access: 'public',
        rateLimit: { max: app.config.PUBLIC_READ_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: publicReadKey },
      },
      schema: {
        tags: ['community'],
        summary: 'Commentaires d’un événement, du plus récent au plus ancien, paginés',
        params: eventParams,
        querystring: listCommentsQuerySchema.extend(shareTokenQuery),
        response: { 200: listCommentsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const read = () => listEventComments(deps, request.user, request.params.id, request.query, request.query.shareToken);
      return request.user ? read() : app.publicReads.run(read);
    },
  );

  app.post(
    '/events/:id/comments',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('comment', 10, '1 minute') },
      schema: {
        tags: ['community'],
        summary: 'Commente un événement publié (1 à 2 000 caractères)',
        params: eventParams,
        querystring: z.object(shareTokenQuery),
        body: createCommentSchema,
        response: { 201: commentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await addComment(deps, actorOf(request), request.params.id, request.body.text, request.query.shareToken);
      return reply.code(201).send({ message: 'Commentaire ajouté', ...result });
    },
  );

  app.delete(
    '/events/:id/comments/:commentId',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated' },
      schema: {
        tags: ['community'],
        summary: 'Supprime un commentaire (son auteur, ou manage_events) et son activité',
        params: commentParams,
        response: { 200: messageSchema.extend({ commentsCount: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      message: 'Commentaire supprimé',
      ...(await removeComment(deps, actorOf(request), request.params.id, request.params.commentId)),
    }),
  );

  app.get(
    '/events/:id/like',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['community'],
        summary: 'Indique si l’appelant aime l’événement, avec le nombre de « J’aime » (privé : comme la lecture)',
        params: eventParams,
        querystring: z.object(shareTokenQuery),
        response: { 200: likeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const state = await myLike(deps, actorOf(request), request.params.id, request.query.shareToken);
      return { message: state.liked ? 'Vous aimez cet événement' : 'Vous n’aimez pas encore cet événement', ...state };
    },
  );

  app.put(
    '/events/:id/like',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('like', 30, '1 minute') },
      schema: {
        tags: ['community'],
        summary: 'Aime un événement (idempotent)',
        params: eventParams,
        querystring: z.object(shareTokenQuery),
        response: { 200: likeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Vous aimez cet événement',
      liked: true,
      ...(await likeEvent(deps, actorOf(request), request.params.id, request.query.shareToken)),
    }),
  );

  app.delete(
    '/events/:id/like',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('like', 30, '1 minute') },
      schema: {
        tags: ['community'],
        summary: 'N’aime plus un événement (idempotent)',
        params: eventParams,
        response: { 200: likeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: 'Vous n’aimez plus cet événement',
      liked: false,
      ...(await unlikeEvent(deps, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    '/events/:id/views',
    {
      config: {
        keepsCachedAnswers: true,
        access: 'public',
        rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: perAddressKey('view') },
      },
      schema: {
        tags: ['community'],
        summary:
          'Compte une vue : au plus une par visiteur, événement et jour (compte connecté, sinon empreinte anonyme), jamais celle de l’organisateur',
        params: eventParams,
        querystring: viewQuerySchema,
        response: { 200: viewResponseSchema, ...errors },
      },
    },
    async (request) =>
      recordView(
        deps,
        request.user,
        request.params.id,
        {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        },
        request.query.shareToken,
        new Date(),
        { src: request.query.src, from: request.query.from, ownHost },
      ),
  );

  app.post(
    '/users/:id/reports',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('report', 5, '1 hour') },
      schema: {
        tags: ['community'],
        summary:
          'Signale un utilisateur (motif dans une liste courte, précision facultative) ; un seul signalement ouvert par auteur et cible',
        params: eventParams,
        body: createReportSchema,
        response: { 201: submittedReportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reportUser(deps, actorOf(request), request.params.id, request.body);
      return reply.code(201).send({ message: 'Signalement envoyé', report });
    },
  );

  app.post(
    '/events/:id/reports',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('report', 5, '1 hour') },
      schema: {
        tags: ['community'],
        summary:
          'Signale un événement (motif, précision facultative) ; un seul signalement ouvert par auteur et événement ; privé : avec son lien de partage',
        params: eventParams,
        querystring: z.object(shareTokenQuery),
        body: createReportSchema,
        response: { 201: submittedReportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const report = await reportEvent(deps, actorOf(request), request.params.id, request.body, request.query.shareToken);
      return reply.code(201).send({ message: 'Signalement envoyé', report });
    },
  );

  app.post(
    '/events/:id/comments/:commentId/reports',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('report', 5, '1 hour') },
      schema: {
        tags: ['community'],
        summary:
          'Signale un commentaire (motif, précision facultative) ; un seul signalement ouvert par auteur et commentaire ; privé : avec son lien de partage',
        params: commentParams,
        querystring: z.object(shareTokenQuery),
        body: createReportSchema,
        response: { 201: submittedReportResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, commentId } = request.params;
      const report = await reportComment(deps, actorOf(request), id, commentId, request.body, request.query.shareToken);
      return reply.code(201).send({ message: 'Signalement envoyé', report });
    },
  );
};
