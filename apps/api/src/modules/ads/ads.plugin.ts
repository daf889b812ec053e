import { doualaDate } from '@app/shared/douala-time';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type LiveCampaign, listLiveCampaigns, pruneVisits, stopCampaignsOfHiddenEvents } from './ads.repository';
import { type SponsoredCard, serve } from './ads.service';
import { notifyAdvertiser } from './ads.writes';

declare module 'fastify' {
  interface FastifyInstance {
    ads: {
      /** The live campaigns of a Douala day, read once per answer-cache period. */
      live: (today: string) => Promise<LiveCampaign[]>;
      /** Promoted cards for a placement and city, in turn (the public pages). */
      serve: (request: Parameters<typeof serve>[1]) => Promise<SponsoredCard[]>;
    };
  }
}

/** How often campaigns of events no longer public are stopped, and old visits deleted. */
const JOB_EVERY_MS = 60_000;
export const STOPPED_REASON = 'L’évènement n’est plus public (annulé, dépublié ou bloqué)';

/** Stops the campaigns of events no longer public, tells their advertisers, forgets visits older than yesterday. */
export async function runAdsJob(app: Pick<FastifyInstance, 'db'>, now = new Date()): Promise<number> {
  const stopped = await stopCampaignsOfHiddenEvents(app.db, STOPPED_REASON);
  for (const id of stopped) await notifyAdvertiser(app.db, id, 'stopped');
  await pruneVisits(app.db, doualaDate(now.getTime() - 86_400_000));
  return stopped.length;
}

/**
 * Serving and upkeep of 'Publicités' (decision 068): `app.ads` (the live campaigns through the
 * answer cache, so serving adds at most one cached read to a page), and the minute job.
 */
export const adsPlugin = fp(
  async (app: FastifyInstance) => {
    const live = (today: string) => app.answerCache.value(`ads:live:${today}`, () => listLiveCampaigns(app.db, today));
    app.decorate('ads', { live, serve: (request: Parameters<typeof serve>[1]) => serve({ live }, request) });
    let work: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const timer = setInterval(() => {
      if (stopped) return;
      work = work
        .then(async () => {
          if ((await runAdsJob(app)) > 0) await app.contentChanged.emit();
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'ads job failed'));
    }, JOB_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await work;
    });
  },
  { name: 'ads', decorators: { fastify: ['db', 'answerCache', 'contentChanged'] } },
);
