import { createFormTokens, loadFormTokenSecret, loadSecret } from './lib/form-token';
import { createTicketSigner } from './modules/check-in/ticket-signer';
import { createPushSender } from './modules/push/push.sender';
import { pushRoutes } from './modules/push/push.routes';
import { loadVapidKeys } from './modules/push/vapid-keys';
import '@app/shared/zod-french';
import './types';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { seedBase } from './db/seed';
import { adminsRoutes } from './modules/admins/admins.routes';
import { accountDeletionRoutes } from './modules/account/account-deletion.routes';
import { accountRoutes } from './modules/account/account.routes';
import { profileRoutes } from './modules/account/profile.routes';
import { contactChangeRoutes } from './modules/account/contact-change.routes';
import { dataExportRoutes } from './modules/account/data-export.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { businessPagesRoutes } from './modules/business-pages/business-pages.routes';
import { checkInRoutes } from './modules/check-in/check-in.routes';
import { communityRoutes } from './modules/community/community.routes';
import { userNotificationsRoutes } from './modules/user-notifications/user-notifications.routes';
import { eventApprovalRoutes } from './modules/events/event-approval.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { myEventsRoutes } from './modules/events/my-events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { NotificationService } from './modules/notifications/notifications.service';
import { partnersRoutes } from './modules/partners/partners.routes';
import { paymentEmulatorsPlugin } from './modules/payments/emulators/payment-emulators.plugin';
import { transactionsRoutes } from './modules/payments/transactions.routes';
import type { MobileMoneyProvider } from './modules/payments/mobile-money';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { userNotificationsPlugin } from './modules/user-notifications/user-notifications.plugin';
import { paymentsRoutes } from './modules/payments/payments.routes';
import type { Operator } from '@app/shared/payments';
import { publicPagesPlugin } from './modules/public-pages/public-pages.plugin';
import { publicPagesRoutes } from './modules/public-pages/public-pages.routes';
import { referralsPlugin } from './modules/referrals/referrals.plugin';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { publicSettingsRoutes } from './modules/settings/public-settings.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { conversationReportsRoutes } from './modules/reports/conversation-reports.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { SettingsService } from './modules/settings/settings.service';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { eventStatsRoutes } from './modules/event-stats/event-stats.routes';
import { participantsRoutes } from './modules/participants/participants.routes';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { waitlistCountPlugin } from './modules/waitlist/waitlist-count.plugin';
import { uploadsPlugin } from './modules/uploads/uploads.plugin';
import { waitlistPageRoutes } from './modules/waitlist/waitlist-page.routes';
import { landingEvents } from './modules/public-pages/landing-events';
import { startSessionCache } from './modules/auth/session-cache';
import { sessionFinder } from './modules/auth/session.service';
import { accessPlugin } from './plugins/access';
import { answerCachePlugin } from './plugins/answer-cache';
import { cachesPlugin } from './plugins/caches';
import { clientErrorHandler, errorsPlugin, routerErrorHandler } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { publicReadsPlugin } from './plugins/public-reads';
import { rateLimitPlugin } from './plugins/rate-limit';
import { redisPlugin } from './plugins/redis';
import { realtimePlugin } from './plugins/realtime';
import { realtimeStreamRoutes } from './modules/realtime/realtime-stream.routes';
import { adsPlugin } from './modules/ads/ads.plugin';
import { ADS_SCRIPT_PATH } from './modules/public-pages/ads-script';
import { adsRoutes } from './modules/ads/ads.routes';
import { announcementsRoutes } from './modules/announcements/announcements.routes';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { supportInboxRoutes } from './modules/conversations/support-inbox.routes';
import { outboxAdminRoutes } from './modules/notifications/outbox-admin.routes';
import { messageImagesPlugin } from './modules/conversations/message-images.plugin';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { LOG_REDACT_PATHS, serializeError } from './lib/log-redaction';
import { OneLinePerRequest, prettyDestination, resolveLogFormat } from './lib/logger';

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Apply migrations and the base seed at start (default true). */
  prepareDatabase?: boolean;
  /** Serve the built web app from this folder. */
  webDistDir?: string;
  logger?: boolean;
  /** Where the log goes (tests read it); stdout when unset. */
  logStream?: NodeJS.WritableStream;
  /** Mobile Money adapters instead of the configured ones (tests point them at emulators they start). */
  paymentProviders?: Record<Operator, MobileMoneyProvider>;
}

/** Body size limit for JSON requests; multipart uploads have their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole server: plugins first, then one module per feature under /api. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const out = options.logStream ?? process.stdout;
  const terminal = !options.logStream && process.stdout.isTTY === true;
  const stream =
    resolveLogFormat(config.LOG_FORMAT, terminal) === 'pretty' ? prettyDestination(out, terminal) : options.logStream;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: { paths: LOG_REDACT_PATHS, censor: '[masqué]' },
            serializers: { err: serializeError },
            ...(stream ? { stream } : {}),
          },
    // One line per request, written once the answer is sent.
    logController: new OneLinePerRequest(),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // The whole request (headers and body) must arrive within REQUEST_TIMEOUT_MS or it is answered
    // 408 (Node checks every second, not its default 30 s); a socket silent for 5 s more is closed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS + 5000,
    // Headers within 10 s; Node ignores requestTimeout while headersTimeout is longer.
    http: { connectionsCheckingInterval: 1000, headersTimeout: Math.min(config.REQUEST_TIMEOUT_MS, 10_000) },
    clientErrorHandler,
    // A malformed URL or an over-long path parameter: answered by the errors plugin like any other error.
    frameworkErrors: routerErrorHandler,
    // Client addresses (rate limits) come from X-Forwarded-For only when a proxy on a private network sets it.
    trustProxy: 'loopback, linklocal, uniquelocal',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, _payload, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database =
    options.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: `${config.DATA_DIR}/db`,
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
    }));
  app.decorate('config', config);
  app.decorate('formTokens', createFormTokens(loadFormTokenSecret(config.FORM_TOKEN_SECRET, config.DATA_DIR)));
  app.decorate(
    'ticketSigner',
    createTicketSigner(loadSecret(config.TICKET_SIGNING_SECRET, config.DATA_DIR, 'ticket-signing.secret')),
  );
  if (config.NODE_ENV === 'production' && config.DATABASE_URL && !config.TICKET_SIGNING_SECRET) {
    // With PostgreSQL, DATA_DIR may be a container's throwaway folder: a new key there would make
    // every ticket already sent unreadable at the door, and several instances would sign apart.
    app.log.warn(
      'TICKET_SIGNING_SECRET is not set: tickets are signed with DATA_DIR/ticket-signing.secret; set it so that every instance and every restart signs alike (decision 045)',
    );
  }
  app.decorate('database', database);
  app.decorate('db', database.db);
  // First: the caches and the events that drop them, which the settings service already uses.
  await app.register(cachesPlugin);
  const settings = new SettingsService(database.db, app.caches.settings, app.settingsChanged);
  app.decorate('settings', settings);
  const vapid = loadVapidKeys(config);
  app.decorate('vapidPublicKey', vapid.publicKey);
  if (config.NODE_ENV === 'production' && config.DATABASE_URL && !config.VAPID_PUBLIC_KEY) {
    // A new key in a throwaway DATA_DIR would silently end every device's subscription.
    app.log.warn(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: Web Push signs with DATA_DIR/vapid-keys.json; set them so that every instance and every restart signs alike (decision 062)',
    );
  }
  const notifications = new NotificationService(database.db, config, app.log, {
    smsCountries: async () => (await settings.get()).security.smsCountries,
    push: createPushSender({
      db: database.db,
      vapid,
      enabled: async () => (await settings.get()).notifications.pushNotifications,
      allowLoopbackHttp: config.NODE_ENV !== 'production',
    }),
  });
  app.decorate('notifications', notifications);
  notifications.start();
  app.addHook('onClose', async () => {
    await notifications.stop();
  });
  app.addHook('onClose', async () => {
    await database.close();
  });

  if (options.prepareDatabase !== false) {
    await database.migrate();
    app.decorate('firstStart', await seedBase(app));
  } else {
    app.decorate('firstStart', null);
  }

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(redisPlugin);
  await app.register(realtimePlugin);
  await app.register(rateLimitPlugin);
  const sessionCache = await startSessionCache(
    app,
    database,
    config.SESSION_CACHE_TTL_MS ?? (config.NODE_ENV === 'test' ? 0 : 60_000),
  );
  const findSession = sessionFinder(app.db, sessionCache);
  const liveSession = async (token: string, fresh = false) => {
    const { security } = await app.settings.get();
    return findSession(token, {
      maxAgeHours: security.sessionTimeout,
      requireVerified: security.requireEmailVerification,
      fresh,
    });
  };
  await app.register(accessPlugin, { findSession: liveSession });
  await app.register(answerCachePlugin);
  await app.register(publicReadsPlugin);
  await app.register(openapiPlugin);
  await app.register(referralsPlugin);
  await app.register(paymentsPlugin, { providers: options.paymentProviders });
  await app.register(adsPlugin);
  await app.register(userNotificationsPlugin);
  await app.register(uploadsPlugin);
  await app.register(messageImagesPlugin);
  await app.register(waitlistCountPlugin);
  await app.register(publicPagesPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(profileRoutes);
      await api.register(contactChangeRoutes);
      await api.register(dataExportRoutes);
      await api.register(accountDeletionRoutes);
      await api.register(waitlistRoutes);
      await api.register(publicSettingsRoutes);
      await api.register(adminsRoutes);
      await api.register(eventsRoutes);
      await api.register(eventApprovalRoutes);
      await api.register(myEventsRoutes);
      await api.register(uploadsRoutes);
      await api.register(settingsRoutes);
      await api.register(statsRoutes);
      await api.register(eventStatsRoutes);
      await api.register(communityRoutes);
      await api.register(userNotificationsRoutes);
      await api.register(realtimeStreamRoutes, { findSession: (token) => liveSession(token, true) });
      await api.register(conversationsRoutes);
      await api.register(announcementsRoutes);
      await api.register(supportInboxRoutes);
      await api.register(outboxAdminRoutes);
      await api.register(pushRoutes);
      await api.register(checkInRoutes);
      await api.register(participantsRoutes);
      await api.register(reportsRoutes);
      await api.register(conversationReportsRoutes);
      await api.register(partnersRoutes);
      await api.register(businessPagesRoutes);
      await api.register(referralsRoutes);
      await api.register(transactionsRoutes);
      await api.register(paymentsRoutes);
      await api.register(adsRoutes);
    },
    { prefix: '/api' },
  );
  // The server-rendered public pages (agenda, event pages, sitemap, robots), outside /api.
  await app.register(publicPagesRoutes);
  // The waiting-list form posted without JavaScript, answered with an HTML page (decision 027).
  await app.register(waitlistPageRoutes);
  // Mobile Money providers without keys: their local emulators and their pages (decisions 050, 051).
  await app.register(paymentEmulatorsPlugin);

  if (options.webDistDir) {
    await app.register(webAppPlugin, {
      distDir: options.webDistDir,
      landingValues: async () => {
        const [count, events] = await Promise.all([app.waitlistCount.get(), landingEvents(app.db, new Date(), app.ads.serve)]);
        return { count, events, adsScript: events.some((event) => event.campaignId) ? ADS_SCRIPT_PATH : null };
      },
    });
  }

  return app;
}
