import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendDueAnnouncements } from '../announcements/announcements.job';
import { sendEventReminders } from './event-reminders.job';

/** How often the reminders before events and the scheduled announcements due are looked for. */
const JOBS_EVERY_MS = 60_000;

/** The jobs that notify people: reminders (decision 060) and scheduled announcements (067), started and stopped with the app. */
export const userNotificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = { db: app.db, log: app.log, publicUrl: app.config.PUBLIC_URL };
    let work: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const run = () => {
      if (stopped) return;
      work = work.then(() =>
        app.realtime.tellNotifiedBy(async () => {
          await sendEventReminders(deps);
          await sendDueAnnouncements(deps);
        }),
      );
    };
    const timer = setInterval(run, JOBS_EVERY_MS);
    timer.unref();
    app.addHook('onReady', async () => run());
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await work;
    });
  },
  { name: 'user-notifications', decorators: { fastify: ['config', 'db', 'realtime'] } },
);
