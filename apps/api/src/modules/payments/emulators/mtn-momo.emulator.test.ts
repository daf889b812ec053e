import { randomUUID } from 'node:crypto';
import { formatFcfa } from '@app/shared/payments';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/build-test-app';
import { testAppForFile } from '../../../../test/helper';
import { loadConfig } from '../../../config';
import { startBlock } from '../../../lib/start-block';
import { MtnMomoProvider } from '../mtn-momo.provider';
import { MTN_EMULATOR_CREDENTIALS, startMtnMomoEmulator } from './mtn-momo.emulator';
import { emulatedPaymentPages } from './payment-emulators.plugin';

/*
 * The MTN MoMo emulator mounted in the app when MTN's keys are empty (issue 28, decision 050):
 * its API answers under /emulateurs/mtn-momo/, its page lists the waiting requests as the payer's
 * phone shows them and its buttons (plain forms) decide them; with keys nothing is mounted.
 */

const testApp = testAppForFile(() => buildTestApp());
const app = () => testApp.app;
const BASE = '/emulateurs/mtn-momo';

/** A request to pay sent to the mounted emulator through MTN's own API. */
async function requestToPay(amount = 2000, callbackUrl?: string, expectedStatus = 202) {
  const basic = Buffer.from(`${MTN_EMULATOR_CREDENTIALS.apiUser}:${MTN_EMULATOR_CREDENTIALS.apiKey}`).toString('base64');
  const token = await app().inject({
    method: 'POST',
    url: `${BASE}/collection/token/`,
    headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': MTN_EMULATOR_CREDENTIALS.subscriptionKey },
  });
  expect(token.statusCode).toBe(200);
  const headers = {
    authorization: `Bearer ${token.json().access_token}`,
    'ocp-apim-subscription-key': MTN_EMULATOR_CREDENTIALS.subscriptionKey,
    'x-target-environment': 'mtncameroon',
  };
  const referenceId = randomUUID();
  const externalId = `PAY-${referenceId.slice(0, 8).toUpperCase()}`;
  const created = await app().inject({
    method: 'POST',
    url: `${BASE}/collection/v1_0/requesttopay`,
    headers: { ...headers, 'x-reference-id': referenceId, ...(callbackUrl ? { 'x-callback-url': callbackUrl } : {}) },
    payload: {
      amount: String(amount),
      currency: 'XAF',
      externalId,
      payer: { partyIdType: 'MSISDN', partyId: '237670112233' },
      payerMessage: 'Premium mensuel',
      payeeNote: 'Premium mensuel',
    },
  });
  expect(created.statusCode).toBe(expectedStatus);
  const status = async () =>
    (await app().inject({ method: 'GET', url: `${BASE}/collection/v1_0/requesttopay/${referenceId}`, headers })).json();
  return { referenceId, externalId, status };
}

describe('the MTN MoMo emulator mounted in the app (no MTN keys)', () => {
  it('its page lists a waiting request like the phone prompt, and Approuver decides it', async () => {
    const empty = await app().inject({ method: 'GET', url: `${BASE}/` });
    expect(empty.body).toContain('Aucune demande de paiement en attente.');
    const request = await requestToPay();
    const page = await app().inject({ method: 'GET', url: `${BASE}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain(`Paiement de ${formatFcfa(2000)} à Évènements Cameroun`);
    expect(page.body).toContain(request.externalId);
    expect(page.body).toContain('+237 6•• •• •• 33');
    expect(page.body).not.toContain('237670112233');
    expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
    const action = `${BASE}/demandes/${request.referenceId}/decision`;
    expect(page.body).toContain(`action="${action}"`);
    for (const button of ['Approuver', 'Refuser', 'Solde insuffisant']) expect(page.body).toContain(`>${button}</button>`);

    const decided = await app().inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(`${BASE}/`);
    expect(await request.status()).toMatchObject({ status: 'SUCCESSFUL', amount: '2000', currency: 'XAF' });
    const after = await app().inject({ method: 'GET', url: BASE });
    expect(after.body).not.toContain(`action="${action}"`);
    expect(after.body).toContain('Approuvé');
  });

  it('Refuser and Solde insuffisant fail the request with MTN’s reasons; an unknown answer is refused', async () => {
    for (const [outcome, reason] of [
      ['refuse', 'APPROVAL_REJECTED'],
      ['insufficient_funds', 'NOT_ENOUGH_FUNDS'],
    ] as const) {
      const request = await requestToPay();
      const decided = await app().inject({
        method: 'POST',
        url: `${BASE}/demandes/${request.referenceId}/decision`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `outcome=${outcome}`,
      });
      expect(decided.statusCode).toBe(303);
      expect(await request.status()).toMatchObject({ status: 'FAILED', reason });
    }
    const request = await requestToPay();
    const bad = await app().inject({
      method: 'POST',
      url: `${BASE}/demandes/${request.referenceId}/decision`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=steal',
    });
    expect(bad.statusCode).toBe(400);
    expect(await request.status()).toMatchObject({ status: 'PENDING' });
  });

  it('is not mounted when MTN keys are set', async () => {
    const withKeys = await buildTestApp({
      MTN_MOMO_SUBSCRIPTION_KEY: 'key',
      MTN_MOMO_API_USER: randomUUID(),
      MTN_MOMO_API_KEY: 'secret',
    });
    try {
      expect((await withKeys.app.inject({ method: 'GET', url: `${BASE}/` })).statusCode).toBe(404);
      expect((await withKeys.app.inject({ method: 'POST', url: `${BASE}/collection/token/` })).statusCode).toBe(404);
    } finally {
      await withKeys.close();
    }
  });
});

describe('the standalone emulator', () => {
  it('decides by itself after the chosen delay when asked to', async () => {
    const mtn = await startMtnMomoEmulator({ autoDecide: { afterMs: 50, outcome: 'refuse' } });
    try {
      const adapter = new MtnMomoProvider({
        baseUrl: mtn.url,
        collection: {
          subscriptionKey: MTN_EMULATOR_CREDENTIALS.subscriptionKey,
          apiUser: MTN_EMULATOR_CREDENTIALS.apiUser,
          apiKey: MTN_EMULATOR_CREDENTIALS.apiKey,
        },
        disbursement: null,
        targetEnvironment: 'mtncameroon',
        callbackHost: null,
        emulated: true,
        requestLifetimeMs: 60_000,
      });
      const paymentId = randomUUID();
      await adapter.requestToPay({
        paymentId,
        reference: 'PAY-AUTO0001',
        amount: 2000,
        currency: 'XAF',
        phone: '+237670000002',
        payerMessage: 'Premium',
        payeeNote: 'Premium',
        callbackUrl: 'http://127.0.0.1:9/x',
      });
      await expect.poll(async () => (await adapter.status(paymentId)).status, { timeout: 3000, interval: 25 }).toBe('failed');
      expect(await adapter.status(paymentId)).toMatchObject({ reason: 'refused' });
    } finally {
      await mtn.close();
    }
  });
});

describe('the start block', () => {
  const info = {
    host: '0.0.0.0',
    port: 3000,
    publicUrl: 'http://localhost:3000',
    dataDir: '/data',
    database: 'pglite' as const,
    firstStart: null,
  };

  it('says when payments run on the emulators and where their pages are', () => {
    const block = startBlock({ ...info, paymentEmulators: emulatedPaymentPages(loadConfig({})) });
    expect(block).toContain('Mobile Money on local emulators (no provider keys)');
    expect(block).toContain('MTN MoMo: http://localhost:3000/emulateurs/mtn-momo/');
  });

  it('says nothing of emulators once the keys are set', () => {
    const config = loadConfig({ MTN_MOMO_SUBSCRIPTION_KEY: 'k', MTN_MOMO_API_USER: randomUUID(), MTN_MOMO_API_KEY: 'a' });
    const pages = emulatedPaymentPages(config);
    expect(pages.map((page) => page.label)).not.toContain('MTN MoMo');
    expect(startBlock({ ...info, paymentEmulators: pages.filter((page) => page.label === 'MTN MoMo') })).not.toContain(
      'emulators',
    );
  });
});

describe('the mounted MTN MoMo emulator and callbacks', () => {
  it('calls back only the app itself: another host in X-Callback-Url is refused, as MTN refuses unregistered hosts', async () => {
    for (const elsewhere of ['http://169.254.169.254/latest/meta-data', 'http://127.0.0.1:6379/', 'file:///etc/passwd']) {
      await requestToPay(2000, elsewhere, 400);
    }
    await requestToPay(2000, `${app().config.PUBLIC_URL}/api/payments/callbacks/mtn/abc`, 202);
  });
});
