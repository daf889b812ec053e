import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_A_CAMEROON_MOBILE, type Payment, type TransactionActionResponse } from '@app/shared/payments';
import { auditLog, outboundMessages, paymentEvents, payments, rewardGrants, rewardRules, users } from '../../db/schema/index';
import { type Identity, injectAs, newPhone, request, signedIn, testAppForFile } from '../../../test/helper';
import { buildPaymentsTestApp } from '../../../test/payment-emulators';
import { runPaymentChecks } from './payments.job';
import { paymentDepsOf } from './payments.routes';
import { applySuccess, reconcilePayment } from './payments.service';

/*
 * Premium paid with Mobile Money (issue 28, decision 052), through the routes, against the MTN
 * emulator over real HTTP: success, refusal, insufficient funds, timeout and expiry, a double
 * submit, replayed and forged callbacks, a provider down, premium extension, the referral credit,
 * cancellation, and the bad input and limits.
 */

const testApp = testAppForFile(() => buildPaymentsTestApp());
const DAY = 86_400_000;

const startBody = (overrides: Record<string, unknown> = {}) => ({
  plan: 'monthly',
  phone: newPhone(),
  operator: 'mtn',
  idempotencyKey: randomUUID(),
  ...overrides,
});

async function start(as: Identity, overrides: Record<string, unknown> = {}) {
  return injectAs(testApp.app, as, { method: 'POST', url: '/api/payments', payload: startBody(overrides) });
}

async function started(as: Identity, overrides: Record<string, unknown> = {}): Promise<Payment> {
  const response = await start(as, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { payment: Payment }).payment;
}

async function read(as: Identity, id: string): Promise<Payment> {
  const response = await injectAs(testApp.app, as, { method: 'GET', url: `/api/payments/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { payment: Payment }).payment;
}

const deps = () => paymentDepsOf(testApp.app);
const row = async (id: string) => (await testApp.app.db.select().from(payments).where(eq(payments.id, id)))[0];
const account = async (id: string) => (await testApp.app.db.select().from(users).where(eq(users.id, id)))[0];
const timeline = (id: string) =>
  testApp.app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, id)).orderBy(paymentEvents.at);
const paymentsOf = (userId: string) => testApp.app.db.select().from(payments).where(eq(payments.userId, userId));

/** The last callback the emulator sent about a payment, posted to the app as the provider would. */
async function deliverCallback(payment: Payment, token?: string) {
  const sent = testApp.mtn.emulator.callbacks.filter((callback) => callback.body.referenceId === payment._id).at(-1);
  expect(sent).toBeDefined();
  const callbackToken = token ?? (await row(payment._id))?.callbackToken;
  return testApp.app.inject({
    method: 'POST',
    url: `/api/payments/callbacks/mtn/${callbackToken}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(sent?.body),
  });
}

/** Makes the job's next check due now, and runs the job. */
async function runJobNow(id: string) {
  await testApp.app.db
    .update(payments)
    .set({ nextCheckAt: new Date(Date.now() - 1000) })
    .where(eq(payments.id, id));
  await runPaymentChecks(deps());
}

describe('paying for premium with Orange Money', () => {
  /** A fresh Orange number (69x), as the payer types it. */
  const orangeNumber = () => `+23769${newPhone().slice(-7)}`;

  it('approved on the phone: the job reads it back from Orange, premium for 30 days, once', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer, { phone: orangeNumber(), operator: 'orange' });
    expect(payment).toMatchObject({ status: 'pending', operator: 'orange', amount: 2000, emulated: true });
    const payToken = (await row(payment._id))?.providerReference;
    expect(payToken).toBeTruthy();
    expect(payToken).not.toBe(payment._id);
    expect(await testApp.orange.decide(payToken as string, 'approve')).toBe(true);
    await runJobNow(payment._id);
    expect(await read(payer, payment._id)).toMatchObject({ status: 'successful', operator: 'orange' });
    const until = (await account(payer.user.id))?.premiumUntil?.getTime() ?? 0;
    expect(Math.abs(until - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    await runJobNow(payment._id);
    expect((await account(payer.user.id))?.premiumUntil?.getTime()).toBe(until);
    // Told once in the app, with the amount and the new end.
    const told = await request(testApp.app, 'GET', '/api/users/me/notifications', payer);
    expect(told.json().items.map((item: { kind: string; text: string; link: string }) => [item.kind, item.link])).toEqual([
      ['payment_succeeded', '/mon-compte/premium'],
    ]);
    expect(told.json().items[0].text).toMatch(/^Paiement de 2\u202f000 FCFA reçu : Premium jusqu’au \d{1,2} \S+ \d{4}\.$/);
  });

  it('refused on the phone: failed (refused), nothing granted; Orange has no refund call, so a refund is recorded by hand', async () => {
    const payer = await signedIn(testApp.app);
    const refused = await started(payer, { phone: orangeNumber(), operator: 'orange' });
    await testApp.orange.decide((await row(refused._id))?.providerReference as string, 'refuse');
    await runJobNow(refused._id);
    expect(await read(payer, refused._id)).toMatchObject({ status: 'failed', failureReason: 'refused' });
    expect(await account(payer.user.id)).toMatchObject({ plan: 'freemium', premiumUntil: null });

    const paid = await started(payer, { phone: orangeNumber(), operator: 'orange' });
    await testApp.orange.decide((await row(paid._id))?.providerReference as string, 'approve');
    await runJobNow(paid._id);
    const manager = await signedIn(testApp.app, { role: 'admin', permissions: ['manage_transactions'] });
    const refund = await injectAs(testApp.app, manager, {
      method: 'POST',
      url: `/api/admin/transactions/${paid._id}/refund`,
      payload: { reason: 'Erreur de formule' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ message: 'Remboursement enregistré', transaction: { status: 'refunded' } });
  });
});

describe('paying for premium with MTN Mobile Money', () => {
  it('success: the request to pay, approval on the phone, the callback; premium for 30 days, once, with its receipt', async () => {
    const payer = await signedIn(testApp.app);
    const phone = newPhone();
    const payment = await started(payer, { phone });
    expect(payment).toMatchObject({
      status: 'pending',
      amount: 2000,
      creditUsed: 0,
      currency: 'XAF',
      operator: 'mtn',
      plan: 'monthly',
    });
    expect(payment.phoneMasked).toBe(`+237 6•• •• •• ${phone.slice(-2)}`);
    expect(payment.reference).toMatch(/^PAY-[2-9A-Z]{8}$/);
    expect((await row(payment._id))?.providerReference).toBe(payment._id);

    expect(await testApp.mtn.decide(payment._id, 'approve')).toBe(true);
    const callback = await deliverCallback(payment);
    expect(callback.statusCode, callback.body).toBe(200);

    const after = await read(payer, payment._id);
    expect(after.status).toBe('successful');
    const user = await account(payer.user.id);
    expect(user?.plan).toBe('premium');
    const until = user?.premiumUntil?.getTime() ?? 0;
    expect(Math.abs(until - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(after.premiumUntil).toBe(user?.premiumUntil?.toISOString());
    const stored = await row(payment._id);
    expect(stored?.paidAt).not.toBeNull();
    expect(stored?.premiumFrom).not.toBeNull();
    expect((await timeline(payment._id)).map((event) => event.status)).toEqual(['pending', 'pending', 'successful']);

    // The receipt: e-mail to the account, SMS to the paying number; the number masked in both.
    const receipts = await testApp.app.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.recipient, payer.user.email as string));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(payment.reference);
    expect(receipts[0]?.text).toContain('2\u202f000\u00a0FCFA');
    expect(receipts[0]?.text).toContain('MTN Mobile Money');
    expect(receipts[0]?.text).toContain(payment.phoneMasked);
    expect(receipts[0]?.text).toContain('(heure de Douala)');
    expect(receipts[0]?.text).not.toContain(phone);
    const sms = await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, phone));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toContain(payment.reference);

    // Replayed: nothing changes (no new timeline row, the same end of premium, no second receipt).
    expect((await deliverCallback(payment)).statusCode).toBe(200);
    expect((await timeline(payment._id)).length).toBe(3);
    expect((await account(payer.user.id))?.premiumUntil?.getTime()).toBe(until);
    expect(await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, phone))).toHaveLength(1);

    const overview = await injectAs(testApp.app, payer, { method: 'GET', url: '/api/payments/premium' });
    expect(overview.json()).toMatchObject({ premium: true, current: null, credit: 0 });
  });

  it.each([
    ['refuse', 'refused'],
    ['insufficient_funds', 'insufficient_funds'],
    ['timeout', 'timeout'],
  ] as const)('%s on the phone: failed (%s), nothing granted', async (outcome, reason) => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    await testApp.mtn.decide(payment._id, outcome);
    expect((await deliverCallback(payment)).statusCode).toBe(200);
    expect(await read(payer, payment._id)).toMatchObject({ status: 'failed', failureReason: reason });
    expect(await account(payer.user.id)).toMatchObject({ plan: 'freemium', premiumUntil: null });
    expect((await row(payment._id))?.nextCheckAt).toBeNull();
    // Another payment may start at once.
    expect((await start(payer)).statusCode).toBe(201);
  });

  it('a callback that never comes: the job reads the status back after 2 minutes', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    const due = (await row(payment._id))?.nextCheckAt?.getTime() ?? 0;
    expect(due - Date.now()).toBeGreaterThan(110_000);
    expect(due - Date.now()).toBeLessThanOrEqual(120_000);
    await testApp.mtn.decide(payment._id, 'approve');
    await runJobNow(payment._id);
    expect((await read(payer, payment._id)).status).toBe('successful');
    expect((await account(payer.user.id))?.plan).toBe('premium');
  });

  it('still pending at the provider: asked again later (backoff), then timed out past the provider’s lifetime', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    await runJobNow(payment._id);
    const next = (await row(payment._id))?.nextCheckAt?.getTime() ?? 0;
    expect((await read(payer, payment._id)).status).toBe('pending');
    expect(next - Date.now()).toBeGreaterThanOrEqual(25_000);
    // Past its lifetime on our side while the provider still says pending: timed out.
    await testApp.app.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.id, payment._id));
    await runJobNow(payment._id);
    expect(await read(payer, payment._id)).toMatchObject({ status: 'failed', failureReason: 'timeout' });
    expect((await account(payer.user.id))?.plan).toBe('freemium');
  });

  it('a double tap, a retried request, two in parallel: one payment', async () => {
    const payer = await signedIn(testApp.app);
    const body = startBody();
    const answers = await Promise.all(
      [1, 2, 3].map(() => injectAs(testApp.app, payer, { method: 'POST', url: '/api/payments', payload: body })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((answer) => (answer.json() as { payment: Payment }).payment._id));
    expect(ids.size).toBe(1);
    expect(await paymentsOf(payer.user.id)).toHaveLength(1);
    expect(testApp.mtn.emulator.requests.has([...ids][0] as string)).toBe(true);
  });

  it('one running payment per account: another key answers 409 PAYMENT_IN_PROGRESS with the running one', async () => {
    const payer = await signedIn(testApp.app);
    const answers = await Promise.all([start(payer), start(payer)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)?.json() as { code: string; payment: Payment };
    const made = answers.find((answer) => answer.statusCode === 201)?.json() as { payment: Payment };
    expect(refused.code).toBe('PAYMENT_IN_PROGRESS');
    expect(refused.payment._id).toBe(made.payment._id);
    expect(await paymentsOf(payer.user.id)).toHaveLength(1);
  });

  it('forged callbacks: an unknown address or another operator’s is 404; a made-up success changes nothing', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    const token = (await row(payment._id))?.callbackToken as string;
    const forged = JSON.stringify({ referenceId: payment._id, status: 'SUCCESSFUL', amount: '2000', currency: 'XAF' });
    const post = (url: string) =>
      testApp.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: forged });
    expect((await post(`/api/payments/callbacks/mtn/${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await post(`/api/payments/callbacks/orange/${token}`)).statusCode).toBe(404);
    expect((await post(`/api/payments/callbacks/wave/${token}`)).statusCode).toBe(400);
    // The right address with a made-up body: the status is read back from MTN, still pending.
    expect((await post(`/api/payments/callbacks/mtn/${token}`)).statusCode).toBe(200);
    expect((await read(payer, payment._id)).status).toBe('pending');
    expect((await account(payer.user.id))?.plan).toBe('freemium');
    // A callback naming another request is refused.
    const other = JSON.stringify({ referenceId: randomUUID(), status: 'SUCCESSFUL' });
    const wrong = await testApp.app.inject({
      method: 'POST',
      url: `/api/payments/callbacks/mtn/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: other,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CALLBACK_REJECTED' });
  });

  it('the provider’s amount must be the payment’s: a different amount is not counted', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    await testApp.app.db.update(payments).set({ amount: 20000 }).where(eq(payments.id, payment._id));
    await testApp.mtn.decide(payment._id, 'approve');
    await reconcilePayment(deps(), payment._id);
    expect(await read(payer, payment._id)).toMatchObject({ status: 'failed', failureReason: 'provider_error' });
    expect((await account(payer.user.id))?.plan).toBe('freemium');
  });

  it('provider down: the request is left unknown (never failed), and the job later finds it successful', async () => {
    const payer = await signedIn(testApp.app);
    testApp.relay.mode = 'lose-answer';
    let payment: Payment;
    try {
      payment = await started(payer);
    } finally {
      testApp.relay.mode = 'up';
    }
    expect(payment.status).toBe('unknown');
    expect(payment.failureReason).toBeNull();
    // MTN did get it: the person approves on the phone; the job asks by the payment's reference.
    await testApp.mtn.decide(payment._id, 'approve');
    testApp.relay.mode = 'down';
    await runJobNow(payment._id);
    expect((await read(payer, payment._id)).status).toBe('unknown');
    testApp.relay.mode = 'up';
    await runJobNow(payment._id);
    expect((await read(payer, payment._id)).status).toBe('successful');
    expect((await account(payer.user.id))?.plan).toBe('premium');
  });

  it('nothing reaches the provider: unknown, never failed', async () => {
    const payer = await signedIn(testApp.app);
    testApp.relay.mode = 'down';
    try {
      const payment = await started(payer);
      expect(payment.status).toBe('unknown');
    } finally {
      testApp.relay.mode = 'up';
    }
  });

  it('premium extended from the current end when active, from now when it had ended', async () => {
    const active = await signedIn(testApp.app);
    const end = new Date(Date.now() + 10 * DAY);
    await testApp.app.db.update(users).set({ plan: 'premium', premiumUntil: end }).where(eq(users.id, active.user.id));
    const first = await started(active);
    await testApp.mtn.decide(first._id, 'approve');
    await reconcilePayment(deps(), first._id);
    expect((await account(active.user.id))?.premiumUntil?.getTime()).toBe(end.getTime() + 30 * DAY);
    expect((await row(first._id))?.premiumFrom?.getTime()).toBe(end.getTime());

    const ended = await signedIn(testApp.app);
    await testApp.app.db
      .update(users)
      .set({ plan: 'premium', premiumUntil: new Date(Date.now() - 5 * DAY) })
      .where(eq(users.id, ended.user.id));
    const second = await started(ended, { plan: 'yearly' });
    expect(second.amount).toBe(20000);
    await testApp.mtn.decide(second._id, 'approve');
    await reconcilePayment(deps(), second._id);
    const until = (await account(ended.user.id))?.premiumUntil?.getTime() ?? 0;
    expect(Math.abs(until - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
  });

  it('a success applied twice in parallel counts once', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    await testApp.mtn.decide(payment._id, 'approve');
    const results = await Promise.all([
      applySuccess(deps(), payment._id, { via: 'test' }),
      applySuccess(deps(), payment._id, { via: 'test' }),
      reconcilePayment(deps(), payment._id),
      reconcilePayment(deps(), payment._id, { via: 'callback' }),
    ]);
    expect(results.slice(0, 2).filter((result) => result !== null)).toHaveLength(1);
    const until = (await account(payer.user.id))?.premiumUntil?.getTime() ?? 0;
    expect(Math.abs(until - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect((await timeline(payment._id)).filter((event) => event.status === 'successful')).toHaveLength(1);
  });

  it('the referral credit (credit_fcfa granted) is taken off, given back on failure, never below 100 FCFA', async () => {
    const payer = await signedIn(testApp.app);
    const [rule] = await testApp.app.db
      .insert(rewardRules)
      .values({ name: `Crédit ${randomUUID()}`, type: 'credit_fcfa', minSignups: 1, rewardValue: 500 })
      .returning();
    await testApp.app.db.insert(rewardGrants).values({
      userId: payer.user.id,
      ruleId: rule?.id as string,
      rewardType: 'credit_fcfa',
      rewardValue: 500,
      status: 'granted',
    });
    const overview = async () =>
      (await injectAs(testApp.app, payer, { method: 'GET', url: '/api/payments/premium' })).json() as { credit: number };
    expect((await overview()).credit).toBe(500);
    const first = await started(payer);
    expect(first).toMatchObject({ amount: 1500, creditUsed: 500 });
    expect((await overview()).credit).toBe(0);
    await testApp.mtn.decide(first._id, 'refuse');
    await reconcilePayment(deps(), first._id);
    expect((await overview()).credit).toBe(500);

    const second = await started(payer);
    expect(second).toMatchObject({ amount: 1500, creditUsed: 500 });
    await testApp.mtn.decide(second._id, 'approve');
    await reconcilePayment(deps(), second._id);
    expect((await overview()).credit).toBe(0);
    const third = await started(payer);
    expect(third).toMatchObject({ amount: 2000, creditUsed: 0 });
    await injectAs(testApp.app, payer, { method: 'POST', url: `/api/payments/${third._id}/cancel` });

    // A credit larger than the price: the payer still pays the minimum.
    const rich = await signedIn(testApp.app);
    await testApp.app.db.insert(rewardGrants).values({
      userId: rich.user.id,
      ruleId: rule?.id as string,
      rewardType: 'credit_fcfa',
      rewardValue: 5000,
      status: 'granted',
    });
    expect(await started(rich)).toMatchObject({ amount: 100, creditUsed: 1900 });
  });

  it('Annuler: shown cancelled at once; approved on the phone anyway, it becomes successful and premium is granted', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    const cancelled = await injectAs(testApp.app, payer, { method: 'POST', url: `/api/payments/${payment._id}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ payment: { status: 'failed', failureReason: 'cancelled' } });
    expect((await row(payment._id))?.nextCheckAt).not.toBeNull();
    // A new payment may start meanwhile (not this test's concern), and the job keeps asking:
    await testApp.mtn.decide(payment._id, 'approve');
    await runJobNow(payment._id);
    expect(await read(payer, payment._id)).toMatchObject({ status: 'successful', failureReason: null });
    expect((await account(payer.user.id))?.plan).toBe('premium');
  });

  it('a cancelled payment the person never approves is closed when the provider gives up', async () => {
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    await injectAs(testApp.app, payer, { method: 'POST', url: `/api/payments/${payment._id}/cancel` });
    await testApp.mtn.decide(payment._id, 'timeout');
    await runJobNow(payment._id);
    expect(await row(payment._id)).toMatchObject({ status: 'failed', failureReason: 'cancelled', nextCheckAt: null });
  });

  it('Vérifier le statut (reconcilePayment with an actor): a timeline row naming the team member and an audit row', async () => {
    const payer = await signedIn(testApp.app);
    const admin = await signedIn(testApp.app, { role: 'admin', permissions: ['manage_transactions'] });
    const payment = await started(payer);
    await testApp.mtn.decide(payment._id, 'approve');
    const checked = await reconcilePayment(deps(), payment._id, { actorId: admin.user.id });
    expect(checked.status).toBe('successful');
    const events = await timeline(payment._id);
    expect(events.at(-1)).toMatchObject({ note: 'Statut vérifié par l’équipe', actorId: admin.user.id, status: 'successful' });
    const { auditLog } = await import('../../db/schema/index');
    const audits = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, payment._id), eq(auditLog.action, 'payment.check')));
    expect(audits).toHaveLength(1);
  });
});

describe('payer routes: access, ownership, bad input and limits', () => {
  it('someone else’s payment answers 404 as an unknown one; the list is one’s own', async () => {
    const payer = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    const payment = await started(payer);
    expect((await injectAs(testApp.app, other, { method: 'GET', url: `/api/payments/${payment._id}` })).statusCode).toBe(404);
    expect((await injectAs(testApp.app, other, { method: 'POST', url: `/api/payments/${payment._id}/cancel` })).statusCode).toBe(
      404,
    );
    const list = await injectAs(testApp.app, payer, { method: 'GET', url: '/api/payments?page=1' });
    expect(list.json()).toMatchObject({ total: 1, items: [{ _id: payment._id }] });
    expect((await injectAs(testApp.app, other, { method: 'GET', url: '/api/payments' })).json()).toEqual({ items: [], total: 0 });
  });

  it('anonymous, blocked and unverified accounts cannot pay', async () => {
    expect((await testApp.app.inject({ method: 'POST', url: '/api/payments', payload: startBody() })).statusCode).toBe(401);
    const blocked = await signedIn(testApp.app, { isBlocked: true });
    const unverified = await signedIn(testApp.app, { isVerified: false });
    for (const who of [blocked, unverified]) {
      const answer = await start(who);
      expect(answer.statusCode).toBe(401);
      expect(await paymentsOf(who.user.id)).toHaveLength(0);
    }
  });

  it('an unverified account cannot pay even while sign-in lets it in', async () => {
    const unverified = await signedIn(testApp.app, { isVerified: false });
    const { paymentDepsOf: depsOf } = await import('./payments.routes');
    const { startPayment } = await import('./payments.service');
    await expect(
      startPayment(
        depsOf(testApp.app),
        { id: unverified.user.id, isVerified: false },
        {
          plan: 'monthly',
          phone: newPhone(),
          operator: 'mtn',
          idempotencyKey: randomUUID(),
        },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await paymentsOf(unverified.user.id)).toHaveLength(0);
  });

  it('a foreign or landline number: 400 NOT_A_CAMEROON_MOBILE on the phone field; an unknown plan or operator: 400', async () => {
    const payer = await signedIn(testApp.app);
    for (const phone of ['+33612345678', '+237222123456']) {
      const answer = await start(payer, { phone });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'NOT_A_CAMEROON_MOBILE',
        message: NOT_A_CAMEROON_MOBILE,
        fieldErrors: { phone: [NOT_A_CAMEROON_MOBILE] },
      });
    }
    expect((await start(payer, { plan: 'lifetime' })).statusCode).toBe(400);
    expect((await start(payer, { operator: 'wave' })).statusCode).toBe(400);
    expect(await paymentsOf(payer.user.id)).toHaveLength(0);
  });

  it('amount tampering: an amount in the body is refused (strict object), nothing stored', async () => {
    const payer = await signedIn(testApp.app);
    const answer = await start(payer, { amount: 1 });
    expect(answer.statusCode).toBe(400);
    expect(await paymentsOf(payer.user.id)).toHaveLength(0);
  });

  it('five payment attempts a minute per account, the sixth is 429', async () => {
    const payer = await signedIn(testApp.app);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      codes.push((await start(payer, { phone: '+33612345678' })).statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
    // Another account is not counted with it.
    expect((await start(await signedIn(testApp.app))).statusCode).toBe(201);
  });

  it('the premium overview: plans at the settings’ prices, the running payment to resume, the account’s phone', async () => {
    const phone = newPhone();
    const payer = await signedIn(testApp.app, { phone });
    const payment = await started(payer);
    const overview = await injectAs(testApp.app, payer, { method: 'GET', url: '/api/payments/premium' });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toMatchObject({
      plans: [
        { id: 'monthly', price: 2000, days: 30, label: 'Mensuel' },
        { id: 'yearly', price: 20000, days: 365, label: 'Annuel' },
      ],
      premium: false,
      premiumUntil: null,
      phone,
      current: { _id: payment._id, status: 'pending' },
      emulated: true,
    });
  });

  it('Vérifier le statut (manage_transactions): the approval on the phone is counted once, named in the timeline and the audit', async () => {
    const manager = await signedIn(testApp.app, { role: 'admin', permissions: ['manage_transactions'] });
    const payer = await signedIn(testApp.app);
    const payment = await started(payer);
    await testApp.mtn.decide(payment._id, 'approve');
    const check = () => injectAs(testApp.app, manager, { method: 'POST', url: `/api/admin/transactions/${payment._id}/check` });

    const first = await check();
    expect(first.statusCode, first.body).toBe(200);
    const detail = first.json() as TransactionActionResponse;
    expect(detail.message).toBe('Statut vérifié auprès de l’opérateur');
    expect(detail.transaction.status).toBe('successful');
    expect(detail.timeline.at(-1)).toMatchObject({ status: 'successful', note: 'Statut vérifié par l’équipe' });
    expect(detail.timeline.at(-1)?.actor).toBeTruthy();
    const until = (await account(payer.user.id))?.premiumUntil?.getTime();
    expect(Math.abs((until ?? 0) - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    // Asked again: a second timeline row, the same end of premium.
    expect((await check()).statusCode).toBe(200);
    expect((await account(payer.user.id))?.premiumUntil?.getTime()).toBe(until);
    const audits = await testApp.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.check'), eq(auditLog.targetId, payment._id)));
    expect(audits).toHaveLength(2);
    expect(audits[0]?.actorId).toBe(manager.user.id);

    const unknown = await injectAs(testApp.app, manager, {
      method: 'POST',
      url: `/api/admin/transactions/${randomUUID()}/check`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Transaction introuvable');
    const payerCheck = await injectAs(testApp.app, payer, {
      method: 'POST',
      url: `/api/admin/transactions/${payment._id}/check`,
    });
    expect(payerCheck.statusCode).toBe(403);
  });
});
