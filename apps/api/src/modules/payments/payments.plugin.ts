import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Operator } from '@app/shared/payments';
import type { Config } from '../../config';
import type { MobileMoneyProvider } from './mobile-money';
import { mtnMomoProviderFromConfig } from './mtn-momo.provider';
import { orangeMoneyProviderFromConfig } from './orange-money.provider';
import { runPaymentChecks, sendPremiumReminders } from './payments.job';
import type { PaymentDeps } from './payments.service';

export interface PaymentsPluginOptions {
  /** The providers to use instead of the configured ones (tests: adapters pointed at emulators they start). */
  providers?: Record<Operator, MobileMoneyProvider>;
}

/** How often the job looks for payments to ask the provider about. */
const CHECKS_EVERY_MS = 15_000;
/** How often the premium reminders are looked for. */
const REMINDERS_EVERY_MS = 10 * 60_000;

/** The configured adapters: each speaks to its provider, or to its local emulator without keys. */
export function paymentProvidersFromConfig(config: Config, log?: FastifyBaseLogger): Record<Operator, MobileMoneyProvider> {
  return { mtn: mtnMomoProviderFromConfig(config, log), orange: orangeMoneyProviderFromConfig(config) };
}

/**
 * Payments for the whole server (decision 052): the `paymentProviders` decorator (one adapter
 * per operator) and the payments job, started and stopped with the app: due payments asked about
 * every 15 s (leased, so several instances never ask twice), premium reminders every 10 min.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: PaymentsPluginOptions) => {
    const providers = options.providers ?? paymentProvidersFromConfig(app.config, app.log);
    app.decorate('paymentProviders', providers);
    const deps: PaymentDeps = {
      db: app.db,
      providers,
      settings: app.settings,
      log: app.log,
      publicUrl: app.config.PUBLIC_URL,
    };
    let work: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const after = (task: () => Promise<unknown>) => {
      if (stopped) return;
      work = work
        .then(() => app.realtime.tellNotifiedBy(task))
        .catch((error: unknown) => app.log.warn({ err: error }, 'payments job failed'));
    };
    const checks = setInterval(() => after(() => runPaymentChecks(deps)), CHECKS_EVERY_MS);
    checks.unref();
    const reminders = setInterval(() => after(() => sendPremiumReminders(deps)), REMINDERS_EVERY_MS);
    reminders.unref();
    app.addHook('onReady', async () => {
      after(() => sendPremiumReminders(deps));
    });
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(checks);
      clearInterval(reminders);
      await work;
    });
  },
  { name: 'payments', decorators: { fastify: ['config', 'db', 'settings', 'realtime'] } },
);
