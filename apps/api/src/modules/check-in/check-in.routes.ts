import {
  addDoorHelperSchema,
  checkInBundleSchema,
  checkInScansInputSchema,
  checkInScansResponseSchema,
  doorHelperSchema,
  doorHelpersResponseSchema,
  myDoorEventsResponseSchema,
  myTicketSchema,
} from '@app/shared/check-in';
import { idParamsSchema, messageSchema, uuidParam } from '@app/shared/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import {
  addDoorHelper,
  checkInBundle,
  doorHelpers,
  HELPER_REMOVED,
  myDoorEvents,
  myTicket,
  recordScans,
  removeDoorHelper,
} from './check-in.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * Scans per account: a busy door sends a batch (up to 200 scans) every few seconds from each of
 * its phones, and a phone back online replays its queue at once; far above that, a script
 * guessing tickets stops here.
 */
export const SCAN_REQUESTS_PER_MINUTE = 120;
/** Bundles per account: each phone opening the check-in screen, and its refreshes. */
export const BUNDLE_REQUESTS_PER_MINUTE = 60;

function perAccount(name: string, max: number) {
  return { hook: 'preHandler' as const, max, timeWindow: '1 minute', keyGenerator: perAccountKey(name) };
}

/** Tickets and door check-in (issue 27 item 4, decision 045); the rules are in check-in.service.ts. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, tickets: app.ticketSigner };

  app.get(
    '/events/:id/check-in',
    {
      config: { access: 'authenticated', rateLimit: perAccount('check-in-bundle', BUNDLE_REQUESTS_PER_MINUTE) },
      schema: {
        tags: ['check-in'],
        summary:
          'Ce que le téléphone de l’entrée garde pour scanner hors ligne : billets, révocations, clé publique, comptes (organisateur ou aide à l’entrée ; 404 pour un autre)',
        params: idParamsSchema,
        response: { 200: checkInBundleSchema, ...errors },
      },
    },
    async (request) => checkInBundle(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/events/:id/check-in/scans',
    {
      config: {
        keepsCachedAnswers: true,
        access: 'authenticated',
        rateLimit: perAccount('check-in-scans', SCAN_REQUESTS_PER_MINUTE),
      },
      schema: {
        tags: ['check-in'],
        summary:
          'Envoie des scans de l’entrée (chacun une fois par scanId ; un billet admis une fois par événement) : valid, already ou unknown',
        params: idParamsSchema,
        body: checkInScansInputSchema,
        response: { 200: checkInScansResponseSchema, ...errors },
      },
    },
    async (request) => recordScans(deps, actorOf(request), request.params.id, request.body.scans),
  );

  app.get(
    '/events/:id/door-helpers',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['check-in'],
        summary: 'Les aides à l’entrée d’un événement (son organisateur seulement ; 404 pour un autre)',
        params: idParamsSchema,
        response: { 200: doorHelpersResponseSchema, ...errors },
      },
    },
    async (request) => doorHelpers(deps, actorOf(request), request.params.id),
  );

  app.post(
    '/events/:id/door-helpers',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('door-helpers', 30) },
      schema: {
        tags: ['check-in'],
        summary:
          'Invite une aide à l’entrée par nom d’utilisateur, e-mail ou téléphone (l’organisateur seulement ; elle ne fait que scanner)',
        params: idParamsSchema,
        body: addDoorHelperSchema,
        response: { 201: doorHelperSchema, ...errors },
      },
    },
    async (request, reply) => {
      const helper = await addDoorHelper(deps, actorOf(request), request.params.id, request.body.login);
      return reply.code(201).send(helper);
    },
  );

  app.delete(
    '/events/:id/door-helpers/:userId',
    {
      config: { keepsCachedAnswers: true, access: 'authenticated', rateLimit: perAccount('door-helpers', 30) },
      schema: {
        tags: ['check-in'],
        summary: 'Retire une aide à l’entrée (l’organisateur seulement)',
        params: z.object({ id: uuidParam, userId: uuidParam }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await removeDoorHelper(deps, actorOf(request), request.params.id, request.params.userId);
      return { message: HELPER_REMOVED };
    },
  );

  app.get(
    '/users/me/participations/:eventId/ticket',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['check-in'],
        summary: 'Mon billet d’un événement auquel je participe, avec le texte signé de son QR code (404 sinon)',
        params: z.object({ eventId: uuidParam }),
        response: { 200: myTicketSchema, ...errors },
      },
    },
    async (request) => myTicket(deps, actorOf(request), request.params.eventId),
  );

  app.get(
    '/users/me/door-events',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['check-in'],
        summary: 'Les événements publiés et pas finis où le compte aide à l’entrée',
        response: { 200: myDoorEventsResponseSchema, ...errors },
      },
    },
    async (request) => myDoorEvents(deps, actorOf(request)),
  );
};
