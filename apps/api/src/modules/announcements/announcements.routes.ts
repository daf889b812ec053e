import {
  announcementParamsSchema,
  announcementResponseSchema,
  announcementsQuerySchema,
  announcementsResponseSchema,
  createAnnouncementSchema,
} from '@app/shared/announcements';
import { idParamsSchema } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import { type AnnouncementsDeps, cancelAnnouncement, createAnnouncement, listEventAnnouncements } from './announcements.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['announcements'];

/** An event's announcements for its organiser (decision 067); anyone else gets 404. */
export const announcementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AnnouncementsDeps = { db: app.db, publicUrl: app.config.PUBLIC_URL };

  app.get(
    '/events/:id/announcements',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'Les annonces d’un événement pour son organisateur, les plus récentes d’abord, avec le nombre de participants de chaque choix de destinataires et ce qu’il peut encore écrire ; 404 pour un autre',
        params: idParamsSchema,
        querystring: announcementsQuerySchema,
        response: { 200: announcementsResponseSchema, ...errors },
      },
    },
    async (request) => listEventAnnouncements(deps, actorOf(request), request.params.id, request.query.page),
  );

  app.post(
    '/events/:id/announcements',
    {
      config: {
        access: 'authenticated',
        rateLimit: { hook: 'preHandler', max: 10, timeWindow: '1 minute', keyGenerator: perAccountKey('announcements') },
      },
      schema: {
        tags,
        summary:
          'L’organisateur écrit aux participants (tous, admis à l’entrée, pas encore admis), maintenant ou à sendAt ; 2 par 24 h et sans lien tant qu’aucun de ses événements n’a eu lieu, 10 ensuite',
        params: idParamsSchema,
        body: createAnnouncementSchema,
        response: { 201: announcementResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createAnnouncement(deps, actorOf(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/events/:id/announcements/:announcementId',
    {
      config: {
        access: 'authenticated',
        rateLimit: { hook: 'preHandler', max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey('announcements-cancel') },
      },
      schema: {
        tags,
        summary: 'L’organisateur annule l’envoi d’une annonce programmée (409 une fois envoyée)',
        params: announcementParamsSchema,
        response: { 200: announcementResponseSchema, ...errors },
      },
    },
    async (request) => cancelAnnouncement(deps, actorOf(request), request.params.id, request.params.announcementId),
  );
};
