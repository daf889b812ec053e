import multipart from '@fastify/multipart';
import { apiErrorSchema, idParamsSchema, messageSchema, uuidParam } from '@app/shared/common';
import {
  type CreateEventBody,
  createEventSchema,
  EVENT_IMAGE_MAX_BYTES,
  EVENT_IMAGES_MAX,
  APPROVAL_MESSAGES,
  eventActionBodySchema,
  eventActionParamsSchema,
  eventDetailQuerySchema,
  eventResponseSchema,
  eventSchema,
  listEventsQuerySchema,
  listEventsResponseSchema,
  shareTokenResponseSchema,
  customisationAccessSchema,
  shortAddressAvailabilitySchema,
  shortAddressParamsSchema,
  shortAddressQuerySchema,
  updateEventSchema,
} from '@app/shared/events';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsDepsOf } from './events-deps-of';
import { ONE_EVENT_ANSWER } from './event-route-schema';
import { z } from 'zod';
import {
  AppError,
  badRequest,
  controlCharactersFound,
  hasControlCharacters,
  multipartRequired,
  validationError,
} from '../../lib/errors';
import { shortAddressAvailability } from './event-customisation';
import { mayUsePremium } from '../premium/premium-policy';
import { addEventImages, removeEventImage, type UploadedFile } from './event-images';
import { getEventFor, listEventsFor } from './event-reads';
import { changeEventStatus } from './event-status';
import { createEvent, deleteEventFor, updateEventFor } from './event-writes';
import { regenerateShareToken } from './share-token';
import { nearbyEventsQuerySchema, nearbyEventsResponseSchema } from '@app/shared/near-me';
import { nearbyEventsFor } from './nearby-events';
import { listVisibility } from './event-visibility';
import { actorOf, perAccountKey, publicReadKey, SIGNED_IN_ERRORS } from '../../lib/route-kit';

/**
 * Per account (every session of one account together, decision 008), else per address: far
 * above what a person creates.
 */
const CREATE_RATE = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('events'),
};

/** Image additions decode images, the costliest work here: 20 per 10 minutes per account. */
const IMAGES_RATE = {
  max: 20,
  timeWindow: '10 minutes',
  keyGenerator: perAccountKey('event-images'),
};

/** The short address's availability, asked as the organiser types (debounced): per account. */
const SHORT_ADDRESS_RATE = {
  max: 120,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('short-address'),
};

const TOO_LARGE = 'Chaque image doit faire 10 Mo au maximum';
const TOO_MANY = `${EVENT_IMAGES_MAX} images au maximum par événement`;

/**
 * The event JSON, from the body or from the multipart field `data`: the errors plugin checks
 * bodies for control characters, but a multipart field is parsed here, so it is checked here too.
 */
function parseEventJson(value: unknown): CreateEventBody {
  if (hasControlCharacters(value)) throw controlCharactersFound();
  const result = createEventSchema.safeParse(value);
  if (!result.success) throw validationError(result.error.issues, 'data');
  return result.data;
}

/** Reads the multipart form: image files under `images`, and the text field `data` when given. */
async function readParts(request: FastifyRequest): Promise<{ data: string | undefined; files: UploadedFile[] }> {
  const files: UploadedFile[] = [];
  let data: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') {
          part.file.resume();
          throw badRequest(`Champ de fichier inconnu « ${part.fieldname.slice(0, 50)} » : les images vont dans « images »`);
        }
        const buffer = await part.toBuffer();
        // An empty file input sends a part without a name and without bytes: nothing was chosen.
        if (buffer.length === 0 && !part.filename) continue;
        files.push({ name: (part.filename || 'image').slice(0, 100), data: buffer });
      } else if (part.fieldname === 'data' && data === undefined) {
        data = String(part.value);
      } else {
        throw badRequest(`Champ inconnu « ${part.fieldname.slice(0, 50)} » : l’événement va dans le champ « data »`);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', TOO_LARGE, { images: [TOO_LARGE] });
    if (code === 'FST_FILES_LIMIT') throw badRequest(TOO_MANY, { images: [TOO_MANY] });
    throw error;
  }
  return { data, files };
}

/** `POST /events` multipart: image files under `images`, the event JSON in the field `data`. */
async function readMultipart(request: FastifyRequest): Promise<{ input: CreateEventBody; files: UploadedFile[] }> {
  const { data, files } = await readParts(request);
  if (data === undefined) throw badRequest('Les données de l’événement (champ « data ») sont requises', { data: ['Requis'] });
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw badRequest('Le champ « data » n’est pas un JSON valide', { data: ['JSON invalide'] });
  }
  return { input: parseEventJson(json), files };
}

/** The key under which the anonymous list's answer is also kept: its URL as asked (path and query). */
const anonymousAnswerKey = (request: FastifyRequest) => `events:anonymous:${request.url}`;

/**
 * Events: `GET /events`, `GET /events/{id}`, `POST /events` (multipart), `PUT` and
 * `DELETE /events/{id}`, `PUT /events/{id}/{publish|cancel}`. Under the /api prefix, so
 * `/api/events/...` of the spec are these same routes. Writes declare 'authenticated' and the
 * services check ownership or `manage_events` (event-access.ts).
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = eventsDepsOf(app);
  await app.register(multipart, {
    limits: {
      fileSize: EVENT_IMAGE_MAX_BYTES,
      files: EVENT_IMAGES_MAX,
      fields: 5,
      fieldSize: 200_000,
      parts: EVENT_IMAGES_MAX + 5,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });

  app.get(
    '/events',
    {
      config: {
        access: 'public',
        rateLimit: { max: app.config.PUBLIC_READ_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: publicReadKey },
      },
      schema: {
        tags: ['events'],
        summary:
          'Liste paginée. Sans manage_events : les événements publiés et publics (mine=true : les siens). Recherche sans accents ni casse sur titre, description, adresse et ville ; filtres statut, catégorie, date (heure de Douala).',
        querystring: listEventsQuerySchema,
        response: { 200: listEventsResponseSchema, ...SIGNED_IN_ERRORS },
      },
      // An anonymous caller asking again what was just answered (the same URL) is answered the
      // stored bytes here, after the rate limit and before validation and handler: a fifth of
      // the request's cost (issue 31 item 3). A caller with a token always reaches the handler.
      preValidation: app.answerCache.freshAnswerHook((request) =>
        request.headers.authorization ? undefined : anonymousAnswerKey(request),
      ),
    },
    async (request, reply) => {
      const { kind } = listVisibility(request.user, request.query);
      if (kind === 'organizer') return listEventsFor(deps, request.user, request.query);
      // The public agenda and the managers' list are the same for every reader of each: cached
      // briefly; anonymous callers also within the read budget (decision 013).
      const compute = () => listEventsFor(deps, request.user, request.query);
      return app.answerCache.send(
        request,
        reply,
        `events:${kind}:${JSON.stringify(request.query)}`,
        request.user ? compute : () => app.publicReads.run(compute),
        request.user ? undefined : anonymousAnswerKey(request),
      );
    },
  );

  app.get(
    '/events/customisation',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Dit si le compte peut personnaliser ses pages d’événement (couleur, couverture, adresse courte) : Premium actif, ou manage_events.',
        response: { 200: customisationAccessSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({ allowed: await mayUsePremium(app.db, actorOf(request)) }),
  );

  app.get(
    '/events/short-addresses/:address',
    {
      config: { access: 'authenticated', rateLimit: SHORT_ADDRESS_RATE },
      schema: {
        tags: ['events'],
        summary:
          'Dit si une adresse courte /e/{adresse} (personnalisation premium) est libre, ou pourquoi non : forme, mot réservé, déjà prise (eventId : l’événement qui la demande, sa propre adresse est libre pour lui).',
        params: shortAddressParamsSchema,
        querystring: shortAddressQuerySchema,
        response: { 200: shortAddressAvailabilitySchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => shortAddressAvailability(deps.db, request.params.address, request.query.eventId),
  );

  app.get(
    '/events/nearby',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Près de moi (Premium ou manage_events) : les événements publiés et publics non terminés à moins de radiusKm (1 à 100, 10 par défaut) d’une position (latitude, longitude) ou du centre d’une ville (city), du plus proche au plus loin, avec leur distance en km.',
        querystring: nearbyEventsQuerySchema,
        response: { 200: nearbyEventsResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => nearbyEventsFor(deps, actorOf(request), request.query),
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary:
          'Un événement avec son créateur, ses types de billets, ses images et ses compteurs (brouillon : organisateur ou manage_events ; privé : aussi avec t = jeton du lien de partage). Le jeton de partage n’est rendu qu’à l’organisateur et à manage_events.',
        params: idParamsSchema,
        querystring: eventDetailQuerySchema,
        response: { 200: eventSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => getEventFor(deps, request.user, request.params.id, request.query.t),
  );

  app.post(
    '/events/:id/share-token',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary:
          'Régénère le jeton du lien de partage (organisateur ou manage_events) : l’ancien lien n’ouvre plus la page de l’événement privé',
        params: idParamsSchema,
        response: { 200: shareTokenResponseSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => ({
      message: 'Nouveau lien de partage créé ; l’ancien ne fonctionne plus',
      ...(await regenerateShareToken(deps, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    '/events',
    {
      config: { access: 'authenticated', rateLimit: CREATE_RATE },
      schema: {
        tags: ['events'],
        summary:
          'Crée un brouillon. multipart/form-data : images (10 fichiers de 10 Mo au plus, ré-encodés en WebP) et data (JSON de l’événement) ; ou un corps JSON sans image.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: eventResponseSchema, ...SIGNED_IN_ERRORS, 413: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { input, files } = request.isMultipart()
        ? await readMultipart(request)
        : { input: parseEventJson(request.body), files: [] };
      const event = await createEvent(deps, actor, input, files);
      return reply.code(201).send({ message: 'Événement créé', event });
    },
  );

  app.put(
    '/events/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        ...ONE_EVENT_ANSWER,
        summary: 'Modifie un événement (ses propres événements, ou tous avec manage_events)',
        body: updateEventSchema,
      },
    },
    async (request) => ({
      message: 'Événement mis à jour',
      event: await updateEventFor(deps, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/events/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['events'],
        summary: 'Supprime un événement et ses images',
        params: idParamsSchema,
        response: { 200: messageSchema, ...SIGNED_IN_ERRORS },
      },
    },
    async (request) => {
      await deleteEventFor(deps, actorOf(request), request.params.id);
      return { message: 'Événement supprimé' };
    },
  );

  app.put(
    '/events/:id/:action',
    {
      config: { access: 'authenticated' },
      schema: {
        ...ONE_EVENT_ANSWER,
        summary:
          'publish : brouillon → publié (avec requireApproval, sans manage_events : envoyé pour approbation, il reste en brouillon) ; cancel : publié → annulé, avec un message facultatif aux participants ({ message }, 500 caractères) ; reopen : annulé → brouillon (à publier de nouveau) ; sinon 409',
        params: eventActionParamsSchema,
        body: eventActionBodySchema,
      },
    },
    async (request) => {
      const { id, action } = request.params;
      const event = await changeEventStatus(deps, actorOf(request), id, action, request.body?.message);
      if (action === 'publish' && event.status === 'draft') return { message: APPROVAL_MESSAGES.submitted, event };
      const message = {
        publish: 'Événement publié',
        cancel: 'Événement annulé',
        reopen: 'Événement rouvert : il repasse en brouillon',
      }[action];
      return { message, event };
    },
  );

  app.post(
    '/events/:id/images',
    {
      config: { access: 'authenticated', rateLimit: IMAGES_RATE },
      schema: {
        ...ONE_EVENT_ANSWER,
        summary: 'Ajoute des images (multipart, champ images ; 10 par événement en tout), ré-encodées en WebP',
        consumes: ['multipart/form-data'],
        response: { ...ONE_EVENT_ANSWER.response, 413: apiErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) {
        throw multipartRequired();
      }
      const { data, files } = await readParts(request);
      if (data !== undefined) throw badRequest('Seules des images sont attendues (champ « images »)');
      return { message: 'Images ajoutées', event: await addEventImages(deps, actor, request.params.id, files) };
    },
  );

  app.delete(
    '/events/:id/images/:imageId',
    {
      config: { access: 'authenticated' },
      schema: {
        ...ONE_EVENT_ANSWER,
        summary: 'Retire une image ; la suivante devient la couverture',
        params: z.object({ id: uuidParam, imageId: uuidParam }),
      },
    },
    async (request) => ({
      message: 'Image retirée',
      event: await removeEventImage(deps, actorOf(request), request.params.id, request.params.imageId),
    }),
  );
};
