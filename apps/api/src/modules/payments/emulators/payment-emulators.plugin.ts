import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config';
import { MTN_EMULATOR_PATH, mtnMomoEmulated } from '../mtn-momo.provider';
import { MtnMomoEmulator, mtnMomoEmulatorPlugin } from './mtn-momo.emulator';

/** One provider's emulator page, as the start block names it. */
export interface EmulatedPaymentPage {
  label: string;
  /** Where its page is, under the app's address: '/emulateurs/mtn-momo/'. */
  path: string;
}

/**
 * The Mobile Money providers that run on their local emulator (their keys are empty), with the
 * address of each emulator's page (issue 28, decision 050).
 */
export function emulatedPaymentPages(config: Config): EmulatedPaymentPage[] {
  const pages: EmulatedPaymentPage[] = [];
  if (mtnMomoEmulated(config)) pages.push({ label: 'MTN MoMo', path: `${MTN_EMULATOR_PATH}/` });
  return pages;
}

/**
 * Mounts each provider's emulator whose keys are empty: MTN MoMo's API and its payer's prompt
 * page under /emulateurs/mtn-momo/. With the keys set nothing is mounted there.
 */
export async function paymentEmulatorsPlugin(app: FastifyInstance) {
  const pages = emulatedPaymentPages(app.config);
  if (pages.length > 0 && app.config.NODE_ENV === 'production') {
    app.log.warn(
      { emulators: pages.map((page) => page.path) },
      'Mobile Money runs on local emulators (no provider keys): anyone who opens their page can approve a payment; set the provider keys before taking real payments (decision 050)',
    );
  }
  if (mtnMomoEmulated(app.config)) {
    const emulator = new MtnMomoEmulator();
    app.addHook('onClose', async () => {
      await emulator.close();
    });
    await app.register(mtnMomoEmulatorPlugin, { prefix: MTN_EMULATOR_PATH, emulator });
  }
}
