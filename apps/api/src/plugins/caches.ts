import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Settings } from '@app/shared/settings';
import { Signal } from '../lib/signal';
import { TtlCache } from '../lib/ttl-cache';

/**
 * Every value this server instance keeps in memory for a while, by name (decision 035). Another
 * instance's change shows here within the TTL; a change made here shows at once (the events below).
 * Kept elsewhere, each as its own decorator: the answer cache (`app.answerCache`, decision 013),
 * the sitemap (`app.sitemap`) and the share previews under way (`app.previews`, decision 022).
 */
export interface Caches {
  /** The settings read on hot paths (sign-in, sign-up, events): 5 s; replaced by a save. */
  settings: TtlCache<Settings, 'current'>;
  /** The waiting-list count of the landing page and `GET /api/waitlist/count`: 10 s; dropped by a sign-up or a deletion. */
  waitlistCount: TtlCache<number, 'count'>;
  /** The landing page rendered with its live values (form token aside): 10 s; dropped by a content change or a settings save. */
  landingPage: TtlCache<string, 'html'>;
}

const TTL_MS = { settings: 5000, waitlistCount: 10_000, landingPage: 10_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    caches: Caches;
    /** Settings were saved on this instance: announced with the saved value (the settings service emits it). */
    settingsChanged: Signal<Settings>;
    /**
     * A successful write that may change what readers see: a POST, PUT, PATCH or DELETE answered
     * below 400, except the routes that only move counters (`config.keepsCachedAnswers`: views,
     * likes, participations, comments, sign-ups, sign-ins), or the busiest writes would keep
     * every cache empty. Announced before the answer leaves, so the writer's next read sees it.
     */
    contentChanged: Signal<void>;
  }
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A POST, PUT, PATCH or DELETE answered below 400: its changes are committed (for the hooks that drop what they changed). */
export function succeededWrite(request: FastifyRequest, reply: FastifyReply): boolean {
  return WRITE_METHODS.has(request.method) && reply.statusCode < 400;
}

/** The caches of the instance and the two events that drop them; registered first (app.ts). */
export const cachesPlugin = fp(
  async (app: FastifyInstance) => {
    const onError = (error: unknown, name: string) => app.log.error({ err: error }, `${name}: a listener failed`);
    const caches: Caches = {
      settings: new TtlCache('settings', TTL_MS.settings),
      waitlistCount: new TtlCache('waitlistCount', TTL_MS.waitlistCount),
      landingPage: new TtlCache('landingPage', TTL_MS.landingPage),
    };
    app.decorate('caches', caches);
    app.decorate('settingsChanged', new Signal<Settings>('settingsChanged', onError));
    app.decorate('contentChanged', new Signal<void>('contentChanged', onError));

    // The landing page shows the site's name, contact and launch date, and the next events.
    app.settingsChanged.subscribe(() => caches.landingPage.clear());
    app.contentChanged.subscribe(() => caches.landingPage.clear());

    app.addHook('onSend', (request, reply, _payload, done) => {
      if (succeededWrite(request, reply) && !request.routeOptions.config?.keepsCachedAnswers) {
        app.contentChanged.emit().then(() => done(), done);
      } else {
        done();
      }
    });
  },
  { name: 'caches' },
);
