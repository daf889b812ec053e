import type { FormTokens } from './lib/form-token';
import type { TicketSigner } from './modules/check-in/ticket-signer';
import type { Access } from '@app/shared/permissions';
import type { FirstStart } from './db/seed';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { SessionUser } from './modules/auth/session.service';
import type { NotificationService } from './modules/notifications/notifications.service';
import type { SettingsService } from './modules/settings/settings.service';
import type { MobileMoneyProvider } from './modules/payments/mobile-money';
import type { Operator } from '@app/shared/payments';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    settings: SettingsService;
    /** E-mail and SMS delivery through the outbox: `sendEmail` / `sendSms` wait for the first attempt, `queueEmail` / `queueSms` do not (decision 018). */
    notifications: NotificationService;
    /** Signed, timed tokens of the waiting-list form: the server measures the fill time (decision 021). */
    formTokens: FormTokens;
    /** Signs and checks tickets' QR codes with each event's Ed25519 key (decision 045). */
    ticketSigner: TicketSigner;
    /** One Mobile Money adapter per operator (payments.plugin.ts; its provider, or its local emulator without keys). */
    paymentProviders: Record<Operator, MobileMoneyProvider>;
    /** The VAPID public key the browsers subscribe with (decision 062). */
    vapidPublicKey: string;
    /** Set when this start created the superadmin (first start); null otherwise. */
    firstStart: FirstStart | null;
  }
  interface FastifyRequest {
    /** The signed-in account, resolved from the bearer token on every request; null when anonymous. */
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must declare it (deny by default). */
    access?: Access;
    /**
     * A write that changes no cached answer beyond its counters (a view, a like, a sign-in): it
     * does not drop the answer cache, and the counters of cached lists catch up within its TTL.
     */
    keepsCachedAnswers?: boolean;
  }
}
