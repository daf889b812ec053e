import {
  deletePushSubscriptionSchema,
  PUSH_MESSAGES,
  pushPublicKeyResponseSchema,
  pushSubscriptionRemovedSchema,
  pushSubscriptionSavedSchema,
  pushSubscriptionSchema,
} from '@app/shared/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey, publicReadKey } from '../../lib/route-kit';
import { subscribe, unsubscribe } from './push.service';

/** A device turns push on or off a few times at most; a script needs no more. */
const writeLimit = {
  hook: 'preHandler' as const,
  max: 20,
  timeWindow: '1 minute',
  keyGenerator: perAccountKey('push-subscriptions'),
};

/** Web Push (decision 062): the server's public key, and each device's subscription of the signed-in person. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/public-key',
    {
      config: {
        access: 'public',
        rateLimit: { hook: 'preHandler', max: 60, timeWindow: '1 minute', keyGenerator: publicReadKey },
      },
      schema: {
        tags: ['notifications'],
        summary: 'La clé publique VAPID des notifications push, et si l’équipe les a activées',
        response: { 200: pushPublicKeyResponseSchema, ...errorResponses(429) },
      },
    },
    async () => ({
      enabled: (await app.settings.get()).notifications.pushNotifications,
      publicKey: app.vapidPublicKey,
    }),
  );

  app.post(
    '/users/me/push-subscriptions',
    {
      config: { access: 'authenticated', rateLimit: writeLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Active les notifications push sur cet appareil (l’abonnement du navigateur : adresse et clés)',
        body: pushSubscriptionSchema,
        response: { 200: pushSubscriptionSavedSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const { notifications } = await app.settings.get();
      const id = await subscribe(
        { db: app.db, production: app.config.NODE_ENV === 'production', pushOn: notifications.pushNotifications },
        actorOf(request).id,
        request.body,
        request.headers['user-agent'],
      );
      return { message: PUSH_MESSAGES.saved, _id: id };
    },
  );

  app.delete(
    '/users/me/push-subscriptions',
    {
      config: { access: 'authenticated', rateLimit: writeLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Désactive les notifications push sur cet appareil (par l’adresse de son abonnement)',
        body: deletePushSubscriptionSchema,
        response: { 200: pushSubscriptionRemovedSchema, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      await unsubscribe(app.db, actorOf(request).id, request.body.endpoint);
      return { message: PUSH_MESSAGES.removed };
    },
  );
};
