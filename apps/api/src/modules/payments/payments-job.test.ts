import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Payment } from '@app/shared/payments';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { outboundMessages, payments, userNotifications, users } from '../../db/schema/index';
import { openTestDatabase } from '../../../test/build-test-app';
import { injectAs, logLines, newPhone, signedIn } from '../../../test/helper';
import { mtnProvider, type Relay, startRelay } from '../../../test/payment-emulators';
import { type StartedMtnMomoEmulator, startMtnMomoEmulator } from './emulators/mtn-momo.emulator';
import { runPaymentChecks, sendPremiumReminders } from './payments.job';
import { claimDuePayments } from './payments.repository';
import { paymentDepsOf } from './payments.routes';

/*
 * The payments job (decision 052): leased checks (two instances never ask about one payment
 * twice), the premium reminder three days before the end (once per period, no automatic
 * debit), and what the log holds of a payment (never a whole number, a token or a key).
 */

const DAY = 86_400_000;
let app: FastifyInstance;
let drop: () => Promise<void>;
let mtn: StartedMtnMomoEmulator;
let relay: Relay;
const { lines, logStream } = logLines();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-job-test-'));

beforeAll(async () => {
  mtn = await startMtnMomoEmulator({ callbackTimeoutMs: 500 });
  relay = await startRelay(mtn.url);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, LOG_FORMAT: 'json' });
  const opened = await openTestDatabase(config);
  drop = opened.dropDatabase;
  const provider = mtnProvider(relay.url);
  app = await buildApp({ config, database: opened.database, logStream, paymentProviders: { mtn: provider, orange: provider } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await relay?.close();
  await mtn?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function pay(phone = newPhone()) {
  const payer = await signedIn(app);
  const answer = await injectAs(app, payer, {
    method: 'POST',
    url: '/api/payments',
    headers: { 'x-forwarded-for': '10.9.0.1' },
    payload: { plan: 'monthly', phone, operator: 'mtn', idempotencyKey: randomUUID() },
  });
  // On failure, the server's error lines say why.
  const errors = () => lines.filter((line) => line.includes('"level":50')).join('\n');
  expect(answer.statusCode, answer.statusCode === 201 ? '' : `${answer.body}\n${errors()}`).toBe(201);
  return { payer, payment: (answer.json() as { payment: Payment }).payment };
}

describe('the payments job', () => {
  it('leases due payments: two instances claiming at once never get the same one', async () => {
    const made = await Promise.all([pay(), pay(), pay(), pay()]);
    const ids = made.map(({ payment }) => payment._id);
    await app.db
      .update(payments)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(inArray(payments.id, ids));
    const [first, second] = await Promise.all([claimDuePayments(app.db, 2, 60_000), claimDuePayments(app.db, 10, 60_000)]);
    const claimed = [...(first ?? []), ...(second ?? [])].map((row) => row.id).filter((id) => ids.includes(id));
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    // Leased: not due again until the lease runs out.
    expect((await claimDuePayments(app.db, 10, 60_000)).filter((row) => ids.includes(row.id))).toEqual([]);
    for (const id of ids) await mtn.decide(id, 'refuse');
    await app.db
      .update(payments)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(inArray(payments.id, ids));
    expect(await runPaymentChecks(paymentDepsOf(app))).toBeGreaterThanOrEqual(4);
    const rows = await app.db.select().from(payments).where(inArray(payments.id, ids));
    expect(rows.map((row) => row.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('the premium reminder goes only by the channels the member kept on (decision 061), and an SMS at night waits for 07:00', async () => {
    const phone = newPhone();
    const member = await signedIn(app, { phone });
    await app.db
      .update(users)
      .set({ plan: 'premium', premiumUntil: new Date(Date.now() + DAY) })
      .where(eq(users.id, member.user.id));
    const off = await injectAs(app, member, {
      method: 'PUT',
      url: '/api/users/me/notification-preferences',
      payload: { preferences: [{ kind: 'premium_ending', channel: 'email', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const night = new Date(Date.now() - (Date.now() % DAY) + 22 * 3_600_000); // 23:00 in Douala today
    await sendPremiumReminders(paymentDepsOf(app), night);
    const sent = await app.db
      .select()
      .from(outboundMessages)
      .where(inArray(outboundMessages.recipient, [member.user.email as string, phone]));
    expect(sent.map((message) => [message.channel, message.nextAttemptAt.toISOString()])).toEqual([
      ['sms', new Date(night.getTime() + 8 * 3_600_000).toISOString()],
    ]);
  });

  it('reminds three days before premium ends, once per period, by e-mail and SMS; a renewal is reminded of again', async () => {
    const phone = newPhone();
    const member = await signedIn(app, { phone });
    const end = new Date(Date.now() + 2 * DAY);
    await app.db.update(users).set({ plan: 'premium', premiumUntil: end }).where(eq(users.id, member.user.id));
    const later = await signedIn(app, { phone: newPhone() });
    await app.db
      .update(users)
      .set({ plan: 'premium', premiumUntil: new Date(Date.now() + 10 * DAY) })
      .where(eq(users.id, later.user.id));
    const deps = paymentDepsOf(app);
    const messagesTo = (recipient: string) =>
      app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient));

    expect(await sendPremiumReminders(deps)).toBeGreaterThanOrEqual(1);
    const mails = await messagesTo(member.user.email as string);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Votre Premium se termine le \d\d\/\d\d\/\d{4}$/);
    expect(mails[0]?.text).toContain('pas de prélèvement automatique');
    expect(mails[0]?.text).toContain('/mon-compte/premium');
    expect(await messagesTo(phone)).toHaveLength(1);
    expect(await messagesTo(later.user.email as string)).toHaveLength(0);

    // Once per period.
    await sendPremiumReminders(deps);
    expect(await messagesTo(member.user.email as string)).toHaveLength(1);
    const reminded = await app.db.select().from(userNotifications).where(eq(userNotifications.userId, member.user.id));
    expect(reminded.map((row) => row.kind)).toEqual(['premium_ending']);
    // Renewed (a new end), then near its end again: reminded again.
    const renewed = new Date(Date.now() + DAY);
    await app.db.update(users).set({ premiumUntil: renewed }).where(eq(users.id, member.user.id));
    await sendPremiumReminders(deps);
    expect(await messagesTo(member.user.email as string)).toHaveLength(2);
    // Reminded exactly at the instant it ends: never after.
    await app.db
      .update(users)
      .set({ premiumUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, later.user.id));
    await sendPremiumReminders(deps);
    expect(await messagesTo(later.user.email as string)).toHaveLength(0);
  });

  it('the log holds no whole paying number, no callback token and no provider key', async () => {
    const phone = newPhone();
    const { payment } = await pay(phone);
    const [stored] = await app.db.select().from(payments).where(eq(payments.id, payment._id));
    await mtn.decide(payment._id, 'approve');
    const callback = mtn.emulator.callbacks.filter((sent) => sent.body.referenceId === payment._id).at(-1);
    const answer = await app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/mtn/${stored?.callbackToken}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(callback?.body),
    });
    expect(answer.statusCode).toBe(200);
    // A forged one is logged too, without its body.
    await app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/orange/${stored?.callbackToken}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ phone }),
    });
    const log = lines.join('\n');
    expect(log).toContain('/api/payments/callbacks/mtn/[masqué]');
    expect(log).not.toContain(phone);
    expect(log).not.toContain(phone.slice(1));
    expect(log).not.toContain(stored?.callbackToken);
    expect(log).not.toContain('emulateur-mtn-cle-api');
  });
});
