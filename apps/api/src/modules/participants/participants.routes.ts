import { idParamsSchema } from '@app/shared/common';
import {
  PARTICIPANT_READMITTED,
  PARTICIPANT_REMOVED,
  participantParamsSchema,
  participantsPageSchema,
  participantsQuerySchema,
  readmitResponseSchema,
  removalsPageSchema,
  removalsQuerySchema,
  removeParticipantResponseSchema,
} from '@app/shared/participants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import {
  exportParticipantsCsv,
  listEventParticipants,
  listEventRemovals,
  type ParticipantsDeps,
  readmitParticipant,
  removeParticipant,
} from './participants.service';

const errors = errorResponses(400, 401, 403, 404, 429);

/** An event's participants for its organiser (decision 044); anyone else gets 404. */
export const participantsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ParticipantsDeps = { db: app.db, settings: app.settings, notifications: app.notifications, log: app.log };

  app.get(
    '/events/:id/participants',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['participants'],
        summary:
          'Participants d’un événement pour son organisateur, les plus récents d’abord ; recherche par nom ou nom d’utilisateur ; 404 pour un autre',
        params: idParamsSchema,
        querystring: participantsQuerySchema,
        response: { 200: participantsPageSchema, ...errors },
      },
    },
    async (request) => listEventParticipants(deps, actorOf(request), request.params.id, request.query),
  );

  app.delete(
    '/events/:id/participants/:userId',
    {
      config: {
        keepsCachedAnswers: true,
        access: 'authenticated',
        rateLimit: { hook: 'preHandler', max: 60, timeWindow: '1 minute', keyGenerator: perAccountKey('participant-remove') },
      },
      schema: {
        tags: ['participants'],
        summary:
          'L’organisateur retire un participant (compteurs mis à jour, journalisé, la personne est prévenue et ne peut plus s’inscrire)',
        params: participantParamsSchema,
        response: { 200: removeParticipantResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: PARTICIPANT_REMOVED,
      ...(await removeParticipant(deps, actorOf(request), request.params.id, request.params.userId)),
    }),
  );

  app.get(
    '/events/:id/participants.csv',
    {
      config: {
        access: 'authenticated',
        rateLimit: { hook: 'preHandler', max: 10, timeWindow: '10 minutes', keyGenerator: perAccountKey('participants-export') },
      },
      schema: {
        tags: ['participants'],
        summary: 'Export CSV des participants (UTF-8 avec BOM, « ; ») : Nom, Nom d’utilisateur, Inscrit le ; sans contact',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await exportParticipantsCsv(deps, actorOf(request), request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/events/:id/removals',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['participants'],
        summary: 'Les personnes retirées de l’événement par son organisateur, les plus récentes d’abord ; 404 pour un autre',
        params: idParamsSchema,
        querystring: removalsQuerySchema,
        response: { 200: removalsPageSchema, ...errors },
      },
    },
    async (request) => listEventRemovals(deps, actorOf(request), request.params.id, request.query),
  );

  app.delete(
    '/events/:id/removals/:userId',
    {
      config: {
        keepsCachedAnswers: true,
        access: 'authenticated',
        rateLimit: { hook: 'preHandler', max: 60, timeWindow: '1 minute', keyGenerator: perAccountKey('participant-readmit') },
      },
      schema: {
        tags: ['participants'],
        summary: 'L’organisateur réautorise une personne retirée : elle peut de nouveau s’inscrire (journalisé)',
        params: participantParamsSchema,
        response: { 200: readmitResponseSchema, ...errors },
      },
    },
    async (request) => {
      await readmitParticipant(deps, actorOf(request), request.params.id, request.params.userId);
      return { message: PARTICIPANT_READMITTED };
    },
  );
};
