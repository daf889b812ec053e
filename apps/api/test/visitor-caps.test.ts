import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, referralStats } from '../src/db/schema/index';
import { ANONYMOUS_VISITORS_PER_ADDRESS } from '../src/lib/visitor-key';
import { recordClick } from '../src/modules/referrals/referrals.service';
import { buildTestApp } from './build-test-app';
import { testAppForFile } from './helper';
import { createUser, insertEvent } from './factories';

/**
 * Issue 24, item 17: one address rotating its browser name counted 70 referral clicks and 60
 * event views. At most ANONYMOUS_VISITORS_PER_ADDRESS count per address, code or event, and day.
 */

const testApp = testAppForFile(() => buildTestApp());
let app: FastifyInstance;
beforeAll(() => {
  app = testApp.app;
});

const browser = (i: number) => `Mozilla/5.0 (Linux; Android 13; SM-A${100 + i}) AppleWebKit/537.36 Chrome/${100 + i} Mobile`;

describe('anonymous clicks and views per address', () => {
  it('counts at most 10 referral clicks per address, code and day, however many browser names; other addresses still count', async () => {
    const owner = await createUser(app);
    const deps = { db: app.db, log: app.log, publicUrl: app.config.PUBLIC_URL };
    const results = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        recordClick(deps, { ref: owner.referralCode, ip: '41.202.7.7', userAgent: browser(i) }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(ANONYMOUS_VISITORS_PER_ADDRESS);
    for (let i = 0; i < 5; i++) {
      expect(await recordClick(deps, { ref: owner.referralCode, ip: `41.202.8.${i}`, userAgent: browser(0) })).toBe(true);
    }
    const [stats] = await app.db.select().from(referralStats).where(eq(referralStats.userId, owner.id));
    expect(stats?.clicks).toBe(ANONYMOUS_VISITORS_PER_ADDRESS + 5);
    // The next day the address counts again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await recordClick(deps, { ref: owner.referralCode, ip: '41.202.7.7', userAgent: browser(1), now: tomorrow })).toBe(
      true,
    );
  });

  it('counts at most 10 anonymous views per address, event and day; other addresses still count', async () => {
    const organizer = await createUser(app);
    const event = await insertEvent(app, organizer.id);
    const view = (ip: string, userAgent: string) =>
      app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/views`,
        headers: { 'user-agent': userAgent },
        remoteAddress: ip,
      });
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => view('41.202.5.5', browser(i))));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().counted)).toHaveLength(ANONYMOUS_VISITORS_PER_ADDRESS);
    expect((await view('41.202.6.6', browser(0))).json()).toMatchObject({ counted: true });
    const [row] = await app.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.viewsCount).toBe(ANONYMOUS_VISITORS_PER_ADDRESS + 1);
  });
});
