import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cleanMessageImages } from './message-images.service';

/** How often the photos without a message are looked for. */
const CLEAN_EVERY_MS = 3_600_000;

/** The clean-up of the messages' photos (decision 065), started and stopped with the app. */
export const messageImagesPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, storage: app.storage, log: app.log };
    let work: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const run = () => {
      if (stopped) return;
      work = work
        .then(() => cleanMessageImages(deps))
        .catch((error: unknown) => app.log.warn({ err: error }, 'message photos not cleaned; tried again at the next run'));
    };
    const timer = setInterval(run, CLEAN_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => run());
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await work;
    });
  },
  { name: 'message-images', decorators: { fastify: ['db', 'storage'] } },
);
