import { idParamsSchema } from '@app/shared/common';
import { languageFromHeader } from '@app/shared/i18n';
import {
  markReadResponseSchema,
  NOTIFICATION_MESSAGES,
  notificationPreferencesResponseSchema,
  PREFERENCE_MESSAGES,
  savedPreferencesResponseSchema,
  updateNotificationPreferencesSchema,
  unreadCountResponseSchema,
  userNotificationsQuerySchema,
  userNotificationsResponseSchema,
} from '@app/shared/user-notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import { notificationPreferences, saveNotificationPreferences } from './notification-preferences';
import { myNotifications, readAllNotifications, readNotification, unreadCount } from './user-notifications.service';

const errors = errorResponses(400, 401, 404, 429);
/** Far above a person's pace (the bell asks every minute, a screen on each visit). */
const readLimit = { hook: 'preHandler' as const, max: 120, timeWindow: '1 minute', keyGenerator: perAccountKey('notifications') };

/** A signed-in person's notifications (decision 060): the list, the bell's count, marking read. */
export const userNotificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/me/notifications',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Mes notifications, les plus récentes d’abord (20 par page), et le nombre de non lues',
        querystring: userNotificationsQuerySchema,
        response: { 200: userNotificationsResponseSchema, ...errors },
      },
    },
    async (request) =>
      myNotifications(app.db, actorOf(request).id, request.query.page, languageFromHeader(request.headers['accept-language'])),
  );

  app.get(
    '/users/me/notifications/unread-count',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Le nombre de mes notifications non lues (au plus 100 : la cloche affiche « 99+ »)',
        response: { 200: unreadCountResponseSchema, ...errors },
      },
    },
    async (request) => ({ unread: await unreadCount(app.db, actorOf(request).id) }),
  );

  app.put(
    '/users/me/notifications/:id/read',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Marque une de mes notifications comme lue',
        params: idParamsSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.read,
      unread: await readNotification(app.db, actorOf(request).id, request.params.id),
    }),
  );

  app.put(
    '/users/me/notifications/read-all',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Marque toutes mes notifications comme lues',
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.allRead,
      unread: await readAllNotifications(app.db, actorOf(request).id),
    }),
  );

  app.get(
    '/users/me/notification-preferences',
    {
      config: { access: 'authenticated', rateLimit: readLimit },
      schema: {
        tags: ['notifications'],
        summary: 'Mes préférences : pour chaque type de notification, les canaux (e-mail, SMS) activés ; les heures calmes',
        response: { 200: notificationPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => notificationPreferences(app.db, actorOf(request).id),
  );

  app.put(
    '/users/me/notification-preferences',
    {
      config: {
        access: 'authenticated',
        rateLimit: {
          hook: 'preHandler',
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: perAccountKey('notification-preferences'),
        },
      },
      schema: {
        tags: ['notifications'],
        summary: 'Active ou coupe des canaux par type de notification (les autres choix restent)',
        body: updateNotificationPreferencesSchema,
        response: { 200: savedPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: PREFERENCE_MESSAGES.saved,
      ...(await saveNotificationPreferences(app.db, actorOf(request).id, request.body.preferences)),
    }),
  );
};
