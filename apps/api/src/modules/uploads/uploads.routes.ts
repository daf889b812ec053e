import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { MESSAGE_KEY_PATTERN, UPLOAD_KEY_PATTERN } from './uploads.storage';

/** Stored images never change under a key, so browsers and proxies may keep them a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The same, for the browser's own cache only. */
export const PRIVATE_IMMUTABLE_CACHE = 'private, max-age=31536000, immutable';

/**
 * `GET /uploads/{key}`: the re-encoded event images (public, like the events that show them), profile
 * photos, partner logos, and the photos of messages (by their unguessable key, decision 065).
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/uploads/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['uploads'],
        summary: 'Une image ré-encodée en WebP (cache d’un an, immuable)',
        params: z.object({ key: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      // Event images only: a stored share preview is served by its event's page, which checks access.
      const file = UPLOAD_KEY_PATTERN.test(request.params.key) ? await app.storage.open(request.params.key) : null;
      if (!file) throw notFound('Image introuvable');
      // A private conversation's photo (decision 065): its random key is the only way to it; the
      // reader's browser keeps it, shared caches and search engines do not.
      if (MESSAGE_KEY_PATTERN.test(request.params.key)) reply.header('x-robots-tag', 'noindex, noimageindex');
      return reply
        .header('content-type', 'image/webp')
        .header('content-length', file.size)
        .header('cache-control', MESSAGE_KEY_PATTERN.test(request.params.key) ? PRIVATE_IMMUTABLE_CACHE : IMMUTABLE_CACHE)
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(file.stream);
    },
  );
};
