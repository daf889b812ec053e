import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../db/client';
import type { ReferralJobKind } from '../../db/schema/index';
import { insertContactJob, insertJob } from './referrals.repository';
import { expirePremiums, type ReferralDeps, recordClick, runReferralJobs } from './referrals.service';

/** What other modules call when a person arrives with a referral code. */
export interface ReferralEvents {
  /**
   * Queues referral work in the caller's transaction (decision 021): `account_verified` with the
   * account's id, in the transaction that verifies its first contact; `waitlist_approved` with the
   * entry's id, in the approval's. Run it with `runDue` after the commit; the loop retries what
   * failed until done.
   */
  queue(tx: Executor, job: { kind: ReferralJobKind; subject: string }): Promise<void>;
  /** Queues the counting of waiting-list entries with this just-verified contact, if any carry a code. */
  queueContactVerified(tx: Executor, contact: string): Promise<void>;
  /** Runs the queued referral work that is due. Never throws; answers how many jobs were done. */
  runDue(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    referrals: ReferralEvents;
  }
}

const PREMIUM_EXPIRY_EVERY_MS = 60 * 60_000;
/** How often queued referral work is looked at (decision 021). */
const REFERRAL_JOBS_EVERY_MS = 30_000;

/** `?ref=` of a request, without parsing the whole query string. */
function refOf(url: string): string | null {
  const query = url.indexOf('?');
  if (query < 0 || !url.includes('ref=', query)) return null;
  return new URLSearchParams(url.slice(query + 1)).get('ref');
}

/** A public HTML page answered 200 (the landing page, event pages, any page of the web app). */
function isPublicPage(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' || reply.statusCode !== 200) return false;
  if (request.routeOptions.url?.startsWith('/api')) return false;
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/**
 * Referral counting for the whole server (decision 012): the `referrals` decorator for the
 * waiting-list and account modules, and referral clicks, counted after a public page with
 * `?ref=` has been sent (an `onResponse` hook, so the page never waits for it; the web-app
 * plugin knows nothing of referrals). Register it before the web app.
 */
export const referralsPlugin = fp(
  async (app: FastifyInstance) => {
    const deps: ReferralDeps = { db: app.db, log: app.log, publicUrl: app.config.PUBLIC_URL };
    app.decorate('referrals', {
      queue: (tx, job) => insertJob(tx, job),
      queueContactVerified: (tx, contact) => insertContactJob(tx, contact),
      runDue: () => runReferralJobs(deps),
    } satisfies ReferralEvents);

    // A callback hook: a request without `?ref=` costs no promise (issue 31 item 3).
    app.addHook('onResponse', (request, reply, done) => {
      const ref = refOf(request.url);
      if (ref !== null && isPublicPage(request, reply)) {
        recordClick(deps, { ref, ip: request.ip, userAgent: request.headers['user-agent'] }).catch((error: unknown) =>
          request.log.warn({ err: error }, 'referral click not counted'),
        );
      }
      done();
    });

    const timer = setInterval(() => void expirePremiums(deps), PREMIUM_EXPIRY_EVERY_MS);
    timer.unref();
    // Queued referral work left by a failure or a stopped instance is retried until done.
    let jobs: Promise<unknown> = Promise.resolve();
    const jobTimer = setInterval(() => {
      jobs = jobs.then(() => app.realtime.tellNotifiedBy(() => runReferralJobs(deps)));
    }, REFERRAL_JOBS_EVERY_MS);
    jobTimer.unref();
    app.addHook('onReady', async () => {
      await expirePremiums(deps);
      await app.realtime.tellNotifiedBy(() => runReferralJobs(deps));
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(jobTimer);
      await jobs;
    });
  },
  { name: 'referrals', decorators: { fastify: ['config', 'db', 'realtime'] } },
);
