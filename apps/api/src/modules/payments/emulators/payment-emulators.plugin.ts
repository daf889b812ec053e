import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { MTN_EMULATOR_PATH, mtnMomoEmulated } from '../mtn-momo.provider';
import { ORANGE_EMULATOR_PATH, orangeMoneyEmulated } from '../orange-money.provider';
import { MtnMomoEmulator, mtnMomoEmulatorPlugin } from './mtn-momo.emulator';
import { orangeMoneyEmulatorPlugin } from './orange-money.emulator';

/** One provider's emulator page, as the start block names it. */
export interface EmulatedPaymentPage {
  label: string;
  /** Where its page is, under the app's address: '/emulateurs/mtn-momo/'. */
  path: string;
}

/**
 * The Mobile Money providers that run on their local emulator (their keys are empty), with the
 * address of each emulator's page (issue 28, decisions 050 and 051).
 */
export function emulatedPaymentPages(config: Config): EmulatedPaymentPage[] {
  const pages: EmulatedPaymentPage[] = [];
  if (mtnMomoEmulated(config)) pages.push({ label: 'MTN MoMo', path: `${MTN_EMULATOR_PATH}/` });
  if (orangeMoneyEmulated(config)) pages.push({ label: 'Orange Money', path: `${ORANGE_EMULATOR_PATH}/` });
  return pages;
}

/**
 * Mounts each provider's emulator whose keys are empty: MTN MoMo's API and its payer's prompt
 * page under /emulateurs/mtn-momo/, Orange Money's under /emulateurs/orange-money/. With an
 * operator's keys set nothing is mounted there. The providers' APIs and the emulators' pages are
 * not ours: they stay out of the API docs.
 */
export async function paymentEmulatorsPlugin(app: FastifyInstance) {
  const pages = emulatedPaymentPages(app.config);
  if (pages.length > 0 && app.config.NODE_ENV === 'production') {
    app.log.warn(
      { emulators: pages.map((page) => page.path) },
      'Mobile Money runs on local emulators (no provider keys): anyone who opens their page can approve a payment; set the provider keys before taking real payments (decisions 050, 051)',
    );
  }
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    const ownOrigin = new URL(app.config.PUBLIC_URL).origin;
    if (mtnMomoEmulated(app.config)) {
      // MTN's emulator calls back only this app (its payments' X-Callback-Url), never another host.
      const emulator = new MtnMomoEmulator({ mayCallBack: (url) => url.origin === ownOrigin });
      scope.addHook('onClose', async () => {
        await emulator.close();
      });
      await scope.register(mtnMomoEmulatorPlugin, { prefix: MTN_EMULATOR_PATH, emulator });
    }
    if (orangeMoneyEmulated(app.config)) {
      await scope.register(orangeMoneyEmulatorPlugin, {
        prefix: ORANGE_EMULATOR_PATH,
        // Orange's emulator calls back only this app (its payments' notifUrl), never another host.
        emulatorOptions: { mayNotify: (url) => url.origin === ownOrigin },
      });
    }
  });
}
