import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFERRAL_CODE_PATTERN, type RewardRuleInput } from '@app/shared/referrals';
import {
  auditLog,
  referralJobs,
  referralStats,
  rewardGrants,
  userNotifications,
  users,
  waitlistEntries,
} from '../../db/schema/index';
import { toE164 } from '@app/shared/phone';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import type { UserRow } from '../../db/schema/index';
import { expirePremiums, grantDue, type ReferralDeps, recordClick } from './referrals.service';
import { smsCodes } from '../../../test/helper';

let testApp: TestApp;
let app: FastifyInstance;
let deps: ReferralDeps;
let distDir: string;
let rewards: string;
let referrals: string;

let counter = 0;
/** A new client address per call: the waiting list limits sign-ups per address. */
const freshIp = () => {
  counter++;
  return `10.13.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
};
/** A new Cameroonian mobile number per call. */
let phoneCounter = 0;
const freshPhone = () => `+2376990${String(++phoneCounter).padStart(5, '0')}`;

const BROWSER = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-referral-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="fr"><body>landing</body></html>');
  fs.writeFileSync(path.join(distDir, 'app.html'), '<!doctype html><html lang="fr"><body>app</body></html>');
  testApp = await buildTestApp({ PUBLIC_URL: 'https://evenements.example.cm' }, { webDistDir: distDir });
  app = testApp.app;
  deps = { db: app.db, log: app.log, publicUrl: app.config.PUBLIC_URL };
  rewards = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_rewards'] }));
  referrals = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_referrals'] }));
});
afterAll(async () => {
  await testApp?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

async function referrer(overrides: Parameters<typeof createUser>[1] = {}): Promise<UserRow> {
  return createUser(app, { phone: freshPhone(), ...overrides });
}

async function statsOf(userId: string) {
  const [row] = await app.db.select().from(referralStats).where(eq(referralStats.userId, userId));
  return row ?? { clicks: 0, signups: 0, waitlistSignups: 0, accountSignups: 0 };
}

let waitlistManager: Promise<string> | undefined;

/**
 * Joins the waiting list and, when a new entry is made, has an administrator approve it: a
 * waiting-list sign-up counts for its referrer only once approved (decision 021).
 */
async function joinWaitlist(ref: string | undefined, person: { phone?: string; email?: string; name?: string } = {}) {
  const phone = person.phone ?? freshPhone();
  const joined = await app.inject({
    method: 'POST',
    url: '/api/waitlist',
    remoteAddress: freshIp(),
    payload: { name: person.name ?? 'Filleul Test', phone, email: person.email, ref },
  });
  if (joined.statusCode !== 201) return joined;
  waitlistManager ??= createUser(app, { role: 'admin', permissions: ['manage_users'] }).then((user) => tokenFor(app, user));
  const [entry] = await app.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.phone, toE164(phone) ?? phone));
  const approved = await app.inject({
    method: 'POST',
    url: `/api/admin/waitlist/${entry?.id}/approve`,
    headers: bearer(await waitlistManager),
  });
  expect(approved.statusCode).toBe(200);
  return joined;
}

function visit(url: string, headers: Record<string, string> = {}, remoteAddress = '41.202.1.1') {
  return app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': BROWSER, ...headers } });
}

async function createRule(body: Partial<RewardRuleInput> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/referral/reward-rules',
    headers: bearer(rewards),
    payload: {
      name: 'Ambassadeur',
      type: 'premium_days',
      description: '30 jours premium',
      criteria: { minSignups: 1, minType: 'any' },
      rewardValue: 30,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { _id: string; isActive: boolean; grantsCount: number };
}

async function grantsOf(userId: string) {
  return app.db.select().from(rewardGrants).where(eq(rewardGrants.userId, userId));
}

describe('referral codes and links', () => {
  it('gives every account, the seeded superadmin included, its own code and link', async () => {
    const rows = await app.db.select({ code: users.referralCode }).from(users);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const { code } of rows) expect(code).toMatch(REFERRAL_CODE_PATTERN);
    expect(new Set(rows.map((row) => row.code.toLowerCase())).size).toBe(rows.length);

    const account = await referrer({ firstName: 'Nadia', lastName: 'Eto' });
    const response = await app.inject({ method: 'GET', url: '/api/referral/me', headers: bearer(await tokenFor(app, account)) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      user: { firstName: 'Nadia', lastName: 'Eto', plan: 'freemium', premiumUntil: null, adminPending: false },
      referral: {
        code: account.referralCode,
        link: `https://evenements.example.cm/?ref=${account.referralCode}`,
        clicks: 0,
        signups: 0,
      },
      rewards: [],
    });
    expect((await app.inject({ method: 'GET', url: '/api/referral/me' })).statusCode).toBe(401);
  });

  it('tells a pending administrator that its account waits for validation', async () => {
    const pending = await createUser(app, { role: 'admin', isAdminValidated: false });
    const response = await app.inject({ method: 'GET', url: '/api/referral/me', headers: bearer(await tokenFor(app, pending)) });
    expect(response.json().user).toMatchObject({ role: 'admin', adminPending: true });
  });
});

describe('clicks', () => {
  it('counts a visit with ?ref= once per visitor, code and day, without regard to case', async () => {
    const owner = await referrer();
    const code = owner.referralCode;
    await visit(`/?ref=${code}`);
    await expect.poll(async () => (await statsOf(owner.id)).clicks).toBe(1);
    // Same visitor again, with the code in lower case, and on another public page.
    await visit(`/?ref=${code.toLowerCase()}`);
    await visit(`/GetStarted?ref=${code}`);
    // Another browser on the same address, and another address: two more visitors.
    await visit(`/?ref=${code}`, { 'user-agent': `${BROWSER} Edge` });
    await visit(`/?ref=${code}`, {}, '41.202.9.9');
    await expect.poll(async () => (await statsOf(owner.id)).clicks).toBe(3);

    // The next day in Douala the same visitor counts again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await recordClick(deps, { ref: code, ip: '41.202.1.1', userAgent: BROWSER, now: tomorrow })).toBe(true);
    expect(await recordClick(deps, { ref: code, ip: '41.202.1.1', userAgent: BROWSER, now: tomorrow })).toBe(false);
    expect((await statsOf(owner.id)).clicks).toBe(4);
  });

  it('ignores unknown or malformed codes, link previews, API calls and pages that are not answered', async () => {
    const owner = await referrer();
    const code = owner.referralCode;
    await visit('/?ref=ZZZZZZZZ');
    await visit('/?ref=<script>');
    await visit(`/?ref=${code}`, { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    await visit(`/?ref=${code}`, { 'user-agent': 'facebookexternalhit/1.1' });
    await visit(`/api/waitlist/count?ref=${code}`);
    await visit(`/missing.js?ref=${code}`);
    expect(await recordClick(deps, { ref: code, ip: '1.1.1.1', userAgent: undefined })).toBe(false);
    // The one real visit, last: once it is counted, the others had their chance.
    await visit(`/?ref=${code}`, {}, '41.202.3.3');
    await expect.poll(async () => (await statsOf(owner.id)).clicks).toBe(1);
    const [unknown] = await app.db.select().from(referralStats).where(eq(referralStats.userId, owner.id));
    expect(unknown?.signups).toBe(0);
  });

  it('does not hold the page: the answer is the same with or without a code', async () => {
    const owner = await referrer();
    const withCode = await visit(`/?ref=${owner.referralCode}`);
    const without = await visit('/');
    expect(withCode.statusCode).toBe(200);
    expect(withCode.body).toBe(without.body);
    expect(withCode.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-ups', () => {
  it('counts a waiting-list entry carrying the code, once per person', async () => {
    const owner = await referrer();
    const phone = freshPhone();
    expect((await joinWaitlist(owner.referralCode.toLowerCase(), { phone, email: 'ami1@exemple.cm' })).statusCode).toBe(201);
    expect(await statsOf(owner.id)).toMatchObject({ signups: 1, waitlistSignups: 1, accountSignups: 0 });
    // The same person again: already listed, and not counted again.
    expect((await joinWaitlist(owner.referralCode, { phone })).statusCode).toBe(200);
    expect((await statsOf(owner.id)).signups).toBe(1);
  });

  it('never counts self-referral (same phone, e-mail or account)', async () => {
    const owner = await referrer({ email: 'moi.meme@exemple.cm' });
    expect((await joinWaitlist(owner.referralCode, { phone: owner.phone ?? '' })).statusCode).toBe(201);
    expect((await joinWaitlist(owner.referralCode, { email: 'Moi.Meme@exemple.cm' })).statusCode).toBe(201);
    expect((await statsOf(owner.id)).signups).toBe(0);
  });

  it('ignores a code nobody holds, and the sign-up still succeeds', async () => {
    expect((await joinWaitlist('ZZZZZZZZ')).statusCode).toBe(201);
    expect((await joinWaitlist('pas-un-code')).statusCode).toBe(201);
  });

  it('counts an account registered with ?ref= only once verified, and a person once across both kinds', async () => {
    const owner = await referrer();
    // Already on the waiting list through this referrer, with this e-mail.
    const email = `filleul.${Date.now()}@exemple.cm`;
    expect((await joinWaitlist(owner.referralCode, { email })).statusCode).toBe(201);
    expect((await statsOf(owner.id)).signups).toBe(1);

    // A different person registers a phone-only account with the code.
    const phone = freshPhone();
    const registration = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      remoteAddress: freshIp(),
      payload: {
        username: `filleul${Date.now()}`,
        phone,
        password: 'Mango-Tree-2025',
        confirmPassword: 'Mango-Tree-2025',
        firstName: 'Paul',
        lastName: 'Biya',
        ref: owner.referralCode,
      },
    });
    expect(registration.statusCode, registration.body).toBe(201);
    expect((await statsOf(owner.id)).signups).toBe(1);

    const [code] = smsCodes(testApp.dataDir, phone);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/users/verify-otp',
      remoteAddress: freshIp(),
      payload: { phone, otp: code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await statsOf(owner.id)).toMatchObject({ signups: 2, waitlistSignups: 1, accountSignups: 1 });

    // The waiting-list person (same e-mail) now verifies an account too: still one person.
    const [listed] = await app.db
      .insert(users)
      .values({ email, passwordHash: 'x', referredByCode: owner.referralCode })
      .returning();
    await app.db
      .update(users)
      .set({ isVerified: true })
      .where(eq(users.id, listed?.id ?? ''));
    await app.referrals.queue(app.db, { kind: 'account_verified', subject: listed?.id ?? '' });
    // Run it (the app's retry loop may take it first: either way it ends done).
    await vi.waitFor(async () => {
      await app.referrals.runDue();
      const [job] = await app.db
        .select()
        .from(referralJobs)
        .where(eq(referralJobs.subject, listed?.id ?? ''));
      expect(job?.doneAt).toBeTruthy();
    });
    expect((await statsOf(owner.id)).signups).toBe(2);
  });
});

describe('reward rules and grants', () => {
  it('grants exactly once per referrer and rule, even when the last sign-ups arrive together', async () => {
    const rule = await createRule({ name: 'Deux amis', criteria: { minSignups: 2, minType: 'waitlist' }, rewardValue: 7 });
    const owners = await Promise.all([referrer(), referrer(), referrer()]);
    // Three sign-ups at the same instant for each referrer, all referrers at once.
    await Promise.all(owners.flatMap((owner) => [1, 2, 3].map(() => joinWaitlist(owner.referralCode))));
    for (const owner of owners) {
      expect((await statsOf(owner.id)).signups).toBe(3);
      const grants = await grantsOf(owner.id);
      expect(grants.filter((grant) => grant.ruleId === rule._id)).toHaveLength(1);
      expect(grants[0]).toMatchObject({ status: 'pending', rewardType: 'premium_days', rewardValue: 7 });
    }
    // Evaluating again, many times at once, creates nothing more.
    const again = await Promise.all(owners.map((owner) => grantDue(deps, { referrerId: owner.id })));
    expect(again.flat()).toHaveLength(0);
  });

  it('grants to referrers who already reach a new or re-activated rule, and follows minType', async () => {
    const owner = await referrer();
    await joinWaitlist(owner.referralCode);
    const accounts = await createRule({ name: 'Comptes', criteria: { minSignups: 1, minType: 'account' } });
    expect(accounts.grantsCount).toBe(0);
    const inactive = await createRule({ name: 'Plus tard', isActive: false, type: 'badge', rewardValue: 1 });
    expect(inactive.grantsCount).toBe(0);
    const activated = await app.inject({
      method: 'PATCH',
      url: `/api/referral/reward-rules/${inactive._id}`,
      headers: bearer(rewards),
      payload: { isActive: true },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ isActive: true });
    const grants = await grantsOf(owner.id);
    expect(grants.map((grant) => grant.ruleId)).toContain(inactive._id);
    expect(grants.map((grant) => grant.ruleId)).not.toContain(accounts._id);
  });

  it('refuses bad rules with French messages, and deletes only a rule that never granted', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/referral/reward-rules',
      headers: bearer(rewards),
      payload: { name: ' ', type: 'badge', criteria: { minSignups: 0, minType: 'any' }, rewardValue: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: ['Le nom est requis'],
      'criteria.minSignups': ['Le seuil doit être un nombre entier d’au moins 1'],
      rewardValue: ['Un badge vaut 1'],
    });

    const unused = await createRule({ name: 'Jamais', criteria: { minSignups: 5000, minType: 'any' } });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/referral/reward-rules/${unused._id}`,
      headers: bearer(rewards),
    });
    expect(removed.statusCode).toBe(200);

    const owner = await referrer();
    await joinWaitlist(owner.referralCode);
    const used = await createRule({ name: 'Utilisée' });
    const refused = await app.inject({
      method: 'DELETE',
      url: `/api/referral/reward-rules/${used._id}`,
      headers: bearer(rewards),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RULE_IN_USE' });
  });

  it('delivers premium days by extending the end date, takes them back on revocation, audited', async () => {
    const owner = await referrer();
    const rule = await createRule({ name: 'Mois offert', criteria: { minSignups: 1, minType: 'any' }, rewardValue: 30 });
    const second = await createRule({
      name: 'Semaine offerte',
      criteria: { minSignups: 1, minType: 'waitlist' },
      rewardValue: 7,
    });
    await joinWaitlist(owner.referralCode);
    const grants = await grantsOf(owner.id);
    const month = grants.find((grant) => grant.ruleId === rule._id);
    const week = grants.find((grant) => grant.ruleId === second._id);
    expect(month && week).toBeTruthy();

    const decide = (id: string, status: string) =>
      app.inject({ method: 'PATCH', url: `/api/referral/admin/rewards/${id}`, headers: bearer(rewards), payload: { status } });
    const granted = await decide(month?.id ?? '', 'granted');
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'granted', ruleId: { name: 'Mois offert' }, userId: { email: owner.email } });
    const told = await app.db.select().from(userNotifications).where(eq(userNotifications.userId, owner.id));
    expect(told.map((row) => [row.kind, row.data])).toEqual([
      ['reward_granted', { rewardType: 'premium_days', rewardValue: 30 }],
    ]);
    const day = 86_400_000;
    const account = async () => (await app.db.select().from(users).where(eq(users.id, owner.id)))[0] as UserRow;
    let row = await account();
    expect(row.plan).toBe('premium');
    expect(Math.abs((row.premiumUntil?.getTime() ?? 0) - (Date.now() + 30 * day))).toBeLessThan(60_000);

    // A second delivery adds to the end date.
    expect((await decide(week?.id ?? '', 'granted')).statusCode).toBe(200);
    row = await account();
    expect(Math.abs((row.premiumUntil?.getTime() ?? 0) - (Date.now() + 37 * day))).toBeLessThan(60_000);

    // Granted twice: refused. Revoked: the days go, then nothing more may change.
    expect((await decide(month?.id ?? '', 'granted')).json()).toMatchObject({ code: 'GRANT_STATUS_CONFLICT' });
    expect((await decide(month?.id ?? '', 'revoked')).statusCode).toBe(200);
    row = await account();
    expect(row.plan).toBe('premium');
    expect(Math.abs((row.premiumUntil?.getTime() ?? 0) - (Date.now() + 7 * day))).toBeLessThan(60_000);
    expect((await decide(week?.id ?? '', 'revoked')).statusCode).toBe(200);
    row = await account();
    expect(row.plan).toBe('freemium');
    const revokedAgain = await decide(week?.id ?? '', 'granted');
    expect(revokedAgain.statusCode).toBe(409);

    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'reward_grant'), eq(auditLog.targetId, month?.id ?? '')));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['reward_grant.grant', 'reward_grant.revoke']);

    const me = await app.inject({ method: 'GET', url: '/api/referral/me', headers: bearer(await tokenFor(app, owner)) });
    const mine = (me.json().rewards as { ruleName: string; status: string }[]).filter((reward) =>
      ['Mois offert', 'Semaine offerte'].includes(reward.ruleName),
    );
    expect(mine.map((reward) => reward.status)).toEqual(['revoked', 'revoked']);
  });

  it('edits a rule: grants already made keep their value, a lowered threshold grants at once', async () => {
    const owner = await referrer();
    await joinWaitlist(owner.referralCode);
    await joinWaitlist(owner.referralCode);
    const rule = await createRule({
      name: 'Crédit',
      type: 'credit_fcfa',
      rewardValue: 500,
      criteria: { minSignups: 2, minType: 'any' },
    });
    const before = (await grantsOf(owner.id)).find((grant) => grant.ruleId === rule._id);
    expect(before).toMatchObject({ rewardType: 'credit_fcfa', rewardValue: 500 });

    const late = await referrer();
    await joinWaitlist(late.referralCode);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/referral/reward-rules/${rule._id}`,
      headers: bearer(rewards),
      payload: {
        name: 'Crédit bienvenue',
        type: 'credit_fcfa',
        description: '',
        criteria: { minSignups: 1, minType: 'waitlist' },
        rewardValue: 1000,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Crédit bienvenue',
      criteria: { minSignups: 1, minType: 'waitlist' },
      rewardValue: 1000,
    });
    expect((await grantsOf(owner.id)).find((grant) => grant.ruleId === rule._id)?.rewardValue).toBe(500);
    expect((await grantsOf(late.id)).find((grant) => grant.ruleId === rule._id)?.rewardValue).toBe(1000);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'reward_rule'), eq(auditLog.targetId, rule._id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['reward_rule.create', 'reward_rule.update']);
  });

  it('returns an ended premium period to freemium', async () => {
    const owner = await referrer();
    await app.db
      .update(users)
      .set({ plan: 'premium', premiumUntil: new Date(Date.now() - 60_000) })
      .where(eq(users.id, owner.id));
    const token = await tokenFor(app, owner);
    const me = await app.inject({ method: 'GET', url: '/api/referral/me', headers: bearer(token) });
    expect(me.json().user).toMatchObject({ plan: 'freemium', premiumUntil: null });
    await expirePremiums(deps);
    const [row] = await app.db.select().from(users).where(eq(users.id, owner.id));
    expect(row?.plan).toBe('freemium');
  });

  it('shows an account its figures and its rewards on /referral/me', async () => {
    const owner = await referrer();
    await createRule({ name: 'Premier ami', criteria: { minSignups: 1, minType: 'any' }, rewardValue: 15 });
    await joinWaitlist(owner.referralCode);
    await visit(`/?ref=${owner.referralCode}`, {}, '41.202.7.7');
    await expect.poll(async () => (await statsOf(owner.id)).clicks).toBe(1);
    const me = await app.inject({ method: 'GET', url: '/api/referral/me', headers: bearer(await tokenFor(app, owner)) });
    expect(me.json().referral).toMatchObject({ clicks: 1, signups: 1, waitlistSignups: 1 });
    expect(me.json().rewards).toEqual(
      expect.arrayContaining([expect.objectContaining({ ruleName: 'Premier ami', rewardValue: 15, status: 'pending' })]),
    );
  });
});

describe('back-office lists and access', () => {
  it('ranks referrers by sign-ups then clicks, e-mail else username', async () => {
    const top = await referrer({ email: null, username: 'grand_parrain' });
    for (let i = 0; i < 5; i++) await joinWaitlist(top.referralCode);
    const response = await app.inject({
      method: 'GET',
      url: '/api/referral/leaderboard?page=1&limit=10',
      headers: bearer(referrals),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      items: { referrer: { username: string | null; email: string | null }; signups: number }[];
      total: number;
    };
    expect(body.items[0]).toMatchObject({ referrer: { email: null, username: 'grand_parrain' }, signups: 5 });
    const signups = body.items.map((item) => item.signups);
    expect(signups).toEqual([...signups].sort((a, b) => b - a));
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);

    const second = await app.inject({
      method: 'GET',
      url: '/api/referral/leaderboard?page=2&limit=1',
      headers: bearer(referrals),
    });
    expect(second.json().items).toHaveLength(1);
    expect(second.json().items[0].signups).toBeLessThanOrEqual(5);
  });

  it('lists grants and rules paged, for manage_rewards only', async () => {
    const grants = await app.inject({
      method: 'GET',
      url: '/api/referral/admin/rewards?page=1&limit=10',
      headers: bearer(rewards),
    });
    expect(grants.statusCode).toBe(200);
    expect(grants.json().items.length).toBeGreaterThan(0);
    expect(grants.json().items[0]).toHaveProperty('ruleId.name');
    const rules = await app.inject({
      method: 'GET',
      url: '/api/referral/reward-rules?page=1&limit=10',
      headers: bearer(rewards),
    });
    expect(rules.statusCode).toBe(200);
    expect(rules.json().items[0]).toHaveProperty('criteria.minSignups');

    for (const url of ['/api/referral/admin/rewards', '/api/referral/reward-rules']) {
      expect((await app.inject({ method: 'GET', url, headers: bearer(referrals) })).statusCode, url).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/referral/leaderboard', headers: bearer(rewards) })).statusCode).toBe(
      403,
    );
    const user = await tokenFor(app, await referrer());
    for (const url of ['/api/referral/leaderboard', '/api/referral/admin/rewards', '/api/referral/reward-rules']) {
      expect((await app.inject({ method: 'GET', url, headers: bearer(user) })).statusCode, url).toBe(403);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
