import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { startBlock } from '../../lib/start-block';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { emulatedPaymentPages, paymentEmulatorsPlugin } from './emulators/payment-emulators.plugin';
import { type OrangeMoneyEmulatorHandle, startOrangeMoneyEmulator } from './emulators/orange-money.emulator';
import { type PaymentRequest, ProviderRefused, ProviderUnreachable } from './mobile-money';
import {
  ORANGE_EMULATOR_CREDENTIALS,
  ORANGE_EMULATOR_PATH,
  OrangeMoneyProvider,
  type OrangeMoneyOptions,
  orangeMoneyProviderFromConfig,
  withoutPhoneNumbers,
} from './orange-money.provider';

/** A receiver of Orange's notifications: a real HTTP server keeping each raw body. */
async function startReceiver() {
  const bodies: Buffer[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(Buffer.concat(chunks));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payments/callbacks/orange/cb-token`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let emulator: OrangeMoneyEmulatorHandle;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const extra: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  emulator = await startOrangeMoneyEmulator();
  receiver = await startReceiver();
});
afterEach(() => {
  emulator.fail(null);
});
afterAll(async () => {
  await Promise.all([emulator?.close(), receiver?.close(), ...extra.map((server) => server.close())]);
});

function provider(options: Partial<OrangeMoneyOptions> = {}, url = emulator.url) {
  return new OrangeMoneyProvider({ baseUrl: url, ...ORANGE_EMULATOR_CREDENTIALS, emulated: true, ...options });
}

let serial = 0;
function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  serial += 1;
  return {
    paymentId: crypto.randomUUID(),
    reference: `PAY-TEST${String(serial).padStart(4, '0')}`,
    amount: 2000,
    currency: 'XAF',
    phone: '+237699112233',
    payerMessage: 'Premium mensuel — Évènements Cameroun',
    payeeNote: 'Premium mensuel',
    callbackUrl: receiver.url,
    ...overrides,
  };
}

describe('Orange Money adapter against the emulator (real HTTP)', () => {
  it('asks for a token once and keeps it until shortly before it expires', async () => {
    let now = Date.now();
    const orange = provider({ now: () => now });
    const before = emulator.emulator.tokensIssued;
    const { providerReference } = await orange.requestToPay(paymentRequest());
    await orange.status(providerReference);
    await orange.status(providerReference);
    expect(emulator.emulator.tokensIssued - before).toBe(1);
    // The emulator's tokens last 3600 s: at 3530 s the adapter still uses its own…
    now += 3530_000;
    await orange.status(providerReference);
    expect(emulator.emulator.tokensIssued - before).toBe(1);
    // …and within the last minute it asks for a new one.
    now += 20_000;
    await orange.status(providerReference);
    expect(emulator.emulator.tokensIssued - before).toBe(2);
  });

  it('asks for a new token once when Orange refuses the one it holds', async () => {
    const orange = provider();
    const { providerReference } = await orange.requestToPay(paymentRequest());
    const before = emulator.emulator.tokensIssued;
    emulator.emulator.expireTokens();
    expect(await orange.status(providerReference)).toEqual({ status: 'pending' });
    expect(emulator.emulator.tokensIssued - before).toBe(1);
  });

  it('a request waits on the phone (pending) with its amount, number and reference', async () => {
    const orange = provider();
    const request = paymentRequest();
    const { providerReference } = await orange.requestToPay(request);
    expect(providerReference).toMatch(/^MP\d{6}[0-9A-F]{20}$/);
    expect(await orange.status(providerReference)).toEqual({ status: 'pending' });
    const waiting = emulator.emulator.waiting().find((data) => data.payToken === providerReference);
    expect(waiting).toMatchObject({
      amount: 2000,
      subscriberMsisdn: '699112233',
      txnmode: request.reference,
      channelUserMsisdn: ORANGE_EMULATOR_CREDENTIALS.channelMsisdn,
      notifUrl: receiver.url,
      status: 'PENDING',
    });
  });

  it('approved: successful with the amount and currency, and Orange calls the notifUrl back', async () => {
    const orange = provider();
    const { providerReference } = await orange.requestToPay(paymentRequest({ amount: 20000 }));
    const notified = receiver.bodies.length;
    expect(await emulator.decide(providerReference, 'approve')).toBe(true);
    const status = await orange.status(providerReference);
    expect(status).toMatchObject({ status: 'successful', amount: 20000, currency: 'XAF' });
    expect(status.status === 'successful' && status.providerTransactionId).toMatch(/^MP\d{6}\.\d{4}\.[0-9A-F]{6}$/);
    // The notification, as Orange sends it: { payToken, status, message }, unsigned.
    expect(receiver.bodies.length).toBe(notified + 1);
    const raw = receiver.bodies.at(-1) as Buffer;
    expect(JSON.parse(raw.toString())).toMatchObject({ payToken: providerReference, status: 'SUCCESSFULL' });
    expect(orange.verifyCallback(raw, { 'content-type': 'application/json' })).toBe(true);
    expect(orange.referenceOfCallback(JSON.parse(raw.toString()))).toBe(providerReference);
    // A second answer to the same prompt changes nothing.
    expect(await emulator.decide(providerReference, 'refuse')).toBe(false);
    expect(await orange.status(providerReference)).toMatchObject({ status: 'successful', amount: 20000 });
  });

  it('refused on the phone: failed, refused, and the detail never holds the whole number', async () => {
    const orange = provider();
    const { providerReference } = await orange.requestToPay(paymentRequest());
    await emulator.decide(providerReference, 'refuse');
    const status = await orange.status(providerReference);
    expect(status).toMatchObject({ status: 'failed', reason: 'refused' });
    expect(JSON.stringify(status)).not.toContain('699112233');
  });

  it('insufficient funds: decided on the phone, or refused at once by mp/pay (HTTP 417)', async () => {
    const orange = provider();
    const { providerReference } = await orange.requestToPay(paymentRequest());
    await emulator.decide(providerReference, 'insufficient_funds');
    expect(await orange.status(providerReference)).toMatchObject({ status: 'failed', reason: 'insufficient_funds' });

    const poor = await startOrangeMoneyEmulator({ balance: 1500 });
    extra.push(poor);
    const refused = await provider({}, poor.url)
      .requestToPay(paymentRequest())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderRefused);
    expect((refused as ProviderRefused).reason).toBe('insufficient_funds');
    expect((refused as Error).message).not.toContain('699112233');
  });

  it('expired: a request nobody answers reads EXPIRED → failed, timeout; so does a timeout decided', async () => {
    const short = await startOrangeMoneyEmulator({ requestLifetimeMs: 300 });
    extra.push(short);
    const orange = provider({}, short.url);
    const { providerReference } = await orange.requestToPay(paymentRequest());
    expect(await orange.status(providerReference)).toEqual({ status: 'pending' });
    await vi.waitFor(async () => {
      expect(await orange.status(providerReference)).toMatchObject({ status: 'failed', reason: 'timeout' });
    });
    expect(short.emulator.get(providerReference)).toMatchObject({ status: 'EXPIRED', amount: null, subscriberMsisdn: null });

    const other = await provider().requestToPay(paymentRequest());
    await emulator.decide(other.providerReference, 'timeout');
    expect(await provider().status(other.providerReference)).toMatchObject({ status: 'failed', reason: 'timeout' });
  });

  it('an emulator deciding by itself after a delay', async () => {
    const auto = await startOrangeMoneyEmulator({ autoDecide: { afterMs: 50, outcome: 'approve' } });
    extra.push(auto);
    const orange = provider({}, auto.url);
    const { providerReference } = await orange.requestToPay(paymentRequest({ amount: 2000 }));
    await vi.waitFor(async () => {
      expect(await orange.status(providerReference)).toMatchObject({ status: 'successful', amount: 2000 });
    });
  });

  it('bad credentials: the request is refused for good (nothing asked of the payer); a status read stays unknown', async () => {
    for (const wrong of [{ password: 'not-the-password' }, { authToken: 'not-the-x-auth-token' }]) {
      const error = await provider(wrong)
        .requestToPay(paymentRequest())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRefused);
      expect((error as ProviderRefused).reason).toBe('provider_error');
      expect((error as Error).message).not.toMatch(/not-the|0000/);
    }
    const { providerReference } = await provider().requestToPay(paymentRequest());
    await expect(provider({ password: 'not-the-password' }).status(providerReference)).rejects.toBeInstanceOf(
      ProviderUnreachable,
    );
    // The merchant's own number or PIN wrong: Orange refuses mp/pay (417), our configuration's fault.
    const pin = await provider({ pin: '9999' })
      .requestToPay(paymentRequest())
      .catch((caught: unknown) => caught);
    expect(pin).toBeInstanceOf(ProviderRefused);
    expect((pin as ProviderRefused).reason).toBe('provider_error');
  });

  it('a forged or malformed notification is refused by verifyCallback; a well-formed forged one is only a hint', async () => {
    const orange = provider();
    const forged = [
      '',
      'not json',
      '[]',
      JSON.stringify({ referenceId: 'c3a1…', status: 'SUCCESSFUL' }), // MTN's shape
      JSON.stringify({ payToken: 'PAY-123', status: 'SUCCESSFULL' }), // not a payToken
      JSON.stringify({ payToken: 'MP2211<script>', status: 'SUCCESSFULL' }),
      JSON.stringify({ payToken: 'MP22120771FEB7B21FD2381C3786', status: 'PAID' }),
      JSON.stringify({ payToken: 'MP22120771FEB7B21FD2381C3786' }),
      JSON.stringify({ payToken: 'MP22120771FEB7B21FD2381C3786', status: 'SUCCESSFULL', message: 'x'.repeat(5000) }),
    ];
    for (const body of forged) expect(orange.verifyCallback(Buffer.from(body), {}), body.slice(0, 60)).toBe(false);
    expect(orange.referenceOfCallback({ payToken: 'PAY-123' })).toBeNull();
    expect(orange.referenceOfCallback('MP22120771FEB7B21FD2381C3786')).toBeNull();
    // Shaped like Orange's but invented: the status read back says Orange never asked for it.
    const invented = { payToken: 'MP22120771FEB7B21FD2381C3786', status: 'SUCCESSFULL', message: 'ok' };
    expect(orange.verifyCallback(Buffer.from(JSON.stringify(invented)), {})).toBe(true);
    expect(await orange.status(invented.payToken)).toMatchObject({ status: 'failed', reason: 'provider_error' });
    // A real payToken whose payer has not answered: still pending, whatever the callback claimed.
    const { providerReference } = await orange.requestToPay(paymentRequest());
    expect(orange.verifyCallback(Buffer.from(JSON.stringify({ ...invented, payToken: providerReference })), {})).toBe(true);
    expect(await orange.status(providerReference)).toEqual({ status: 'pending' });
  });

  it('Orange down: ProviderUnreachable at once', async () => {
    const gone = await startOrangeMoneyEmulator();
    const url = gone.url;
    await gone.close();
    await expect(provider({}, url).requestToPay(paymentRequest())).rejects.toBeInstanceOf(ProviderUnreachable);
    await expect(provider({}, url).status('MP22120771FEB7B21FD2381C3786')).rejects.toBeInstanceOf(ProviderUnreachable);
  });

  it('Orange hanging: ProviderUnreachable within the timeout, on every call', async () => {
    const orange = provider({ timeoutMs: 300 });
    const { providerReference } = await orange.requestToPay(paymentRequest());
    for (const route of ['token', 'mp/init'] as const) {
      emulator.fail('hang', route);
      const fresh = provider({ timeoutMs: 300 });
      const started = Date.now();
      const error = await fresh.requestToPay(paymentRequest()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderUnreachable);
      // Nothing was pushed to the phone yet: no reference to read back.
      expect((error as ProviderUnreachable).providerReference).toBeNull();
      expect(Date.now() - started).toBeLessThan(3000);
    }
    emulator.fail('hang', 'mp/paymentstatus');
    const started = Date.now();
    await expect(orange.status(providerReference)).rejects.toBeInstanceOf(ProviderUnreachable);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('mp/pay hanging or answering 500: unreachable, with the payToken to read the status back by', async () => {
    for (const mode of ['hang', 'error'] as const) {
      emulator.fail(mode, 'mp/pay');
      const orange = provider({ timeoutMs: 300 });
      const error = await orange.requestToPay(paymentRequest()).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderUnreachable);
      const reference = (error as ProviderUnreachable).providerReference;
      expect(reference).toMatch(/^MP/);
      emulator.fail(null);
      // The emulator's mp/pay never ran: Orange holds the payToken, unpaid, until it expires.
      expect(await orange.status(reference as string)).toEqual({ status: 'pending' });
    }
    emulator.fail('error');
    await expect(provider().status('MP22120771FEB7B21FD2381C3786')).rejects.toBeInstanceOf(ProviderUnreachable);
  });

  it('refuses what Orange cannot take without asking it', async () => {
    const orange = provider();
    await expect(orange.requestToPay(paymentRequest({ phone: '+33612345678' }))).rejects.toBeInstanceOf(ProviderRefused);
    await expect(orange.requestToPay(paymentRequest({ amount: 12.5 }))).rejects.toBeInstanceOf(ProviderRefused);
    expect(await orange.status('../token')).toMatchObject({ status: 'failed', reason: 'provider_error' });
  });

  it('keeps phone numbers out of the messages it passes on', () => {
    expect(withoutPhoneNumbers('Successful Payment of X from 699112233 CLIENT. Amount:2000, New balance:1103.5.')).toBe(
      'Successful Payment of X from 6••••33 CLIENT. Amount:2000, New balance:1103.5.',
    );
    expect(withoutPhoneNumbers('from 237699112233')).toBe('from 2376••••33');
  });
});

describe('orangeMoneyProviderFromConfig', () => {
  it('without keys: the emulator mounted in the app, with its fixed credentials', () => {
    const orange = orangeMoneyProviderFromConfig(loadConfig({ PUBLIC_URL: 'https://evenements.example.cm/' }));
    expect(orange.emulated).toBe(true);
    expect(orange.operator).toBe('orange');
    expect((orange as unknown as { baseUrl: string }).baseUrl).toBe(`https://evenements.example.cm${ORANGE_EMULATOR_PATH}`);
  });

  it('with the five keys: Orange itself; with only some: a clear error', () => {
    const keys = {
      ORANGE_MONEY_USERNAME: 'login',
      ORANGE_MONEY_PASSWORD: 'secret',
      ORANGE_MONEY_AUTH_TOKEN: 'x-auth',
      ORANGE_MONEY_CHANNEL_MSISDN: '691234567',
      ORANGE_MONEY_PIN: '1234',
    };
    const orange = orangeMoneyProviderFromConfig(loadConfig(keys));
    expect(orange.emulated).toBe(false);
    expect((orange as unknown as { baseUrl: string }).baseUrl).toBe('https://api-s1.orange.cm');
    expect(() => orangeMoneyProviderFromConfig(loadConfig({ ...keys, ORANGE_MONEY_PIN: '' }))).toThrow(/ORANGE_MONEY_PIN/);
  });
});

describe('the emulator mounted in the app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const basic = `Basic ${Buffer.from(`${ORANGE_EMULATOR_CREDENTIALS.username}:${ORANGE_EMULATOR_CREDENTIALS.password}`).toString('base64')}`;

  it('speaks Orange’s API under /emulateurs/orange-money and its page decides a request', async () => {
    const { app } = testApp;
    const base = ORANGE_EMULATOR_PATH;
    const token = await app.inject({
      method: 'POST',
      url: `${base}/token`,
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(token.statusCode).toBe(200);
    const headers = {
      authorization: `Bearer ${token.json().access_token}`,
      'x-auth-token': ORANGE_EMULATOR_CREDENTIALS.authToken,
    };
    const init = await app.inject({ method: 'POST', url: `${base}/omcoreapis/1.0.2/mp/init`, headers });
    expect(init.statusCode).toBe(200);
    const payToken: string = init.json().data.payToken;
    const pay = await app.inject({
      method: 'POST',
      url: `${base}/omcoreapis/1.0.2/mp/pay`,
      headers,
      payload: {
        notifUrl: `${app.config.PUBLIC_URL}/api/payments/callbacks/orange/t`,
        channelUserMsisdn: ORANGE_EMULATOR_CREDENTIALS.channelMsisdn,
        amount: '2000',
        subscriberMsisdn: '699112256',
        pin: ORANGE_EMULATOR_CREDENTIALS.pin,
        orderId: 'PAY-PAGE0001',
        description: 'Premium mensuel',
        payToken,
      },
    });
    expect(pay.statusCode).toBe(200);
    expect(pay.json().data.status).toBe('PENDING');

    const page = await app.inject({ method: 'GET', url: `${base}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Paiement de 2\u202f000\u00a0FCFA');
    expect(page.body).toContain('+237 6•• •• •• 56');
    expect(page.body).not.toContain('699112256');
    expect(page.body).toContain(`action="${base}/decisions/${payToken}"`);
    for (const label of ['Approuver', 'Refuser', 'Solde insuffisant']) expect(page.body).toContain(`>${label}</button>`);

    const decided = await app.inject({
      method: 'POST',
      url: `${base}/decisions/${payToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=approve',
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(`${base}/?fait=approve`);
    const after = await app.inject({ method: 'GET', url: String(decided.headers.location) });
    expect(after.body).toContain('Paiement approuvé');
    expect(after.body).toContain('Aucune demande de paiement en attente.');

    const status = await app.inject({ method: 'GET', url: `${base}/omcoreapis/1.0.2/mp/paymentstatus/${payToken}`, headers });
    expect(status.json()).toMatchObject({ data: { payToken, status: 'SUCCESSFULL', amount: 2000 } });
    const again = await app.inject({
      method: 'POST',
      url: `${base}/decisions/${payToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=refuse',
    });
    expect(again.headers.location).toBe(`${base}/?fait=gone`);
  });

  it('checks credentials and tokens as Orange does', async () => {
    const { app } = testApp;
    const base = ORANGE_EMULATOR_PATH;
    const wrong = await app.inject({
      method: 'POST',
      url: `${base}/token`,
      headers: {
        authorization: `Basic ${Buffer.from('emulateur-orange:faux').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'grant_type=client_credentials',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error_description: 'Client Authentication failed.', error: 'invalid_client' });
    const noToken = await app.inject({
      method: 'POST',
      url: `${base}/omcoreapis/1.0.2/mp/init`,
      headers: { authorization: 'Bearer forged', 'x-auth-token': ORANGE_EMULATOR_CREDENTIALS.authToken },
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('sits beside MTN’s emulator, both mounted without keys', async () => {
    const mtn = await testApp.app.inject({ method: 'GET', url: '/emulateurs/mtn-momo/' });
    expect(mtn.statusCode).toBe(200);
    expect(mtn.headers['content-type']).toContain('text/html');
  });

  it('the start block names its page while the Orange keys are empty', () => {
    const pages = emulatedPaymentPages(loadConfig({}));
    expect(pages).toContainEqual({ label: 'Orange Money', path: `${ORANGE_EMULATOR_PATH}/` });
    const block = startBlock({
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: '/data',
      database: 'pglite',
      firstStart: null,
      paymentEmulators: pages,
    });
    expect(block).toContain(`Orange Money: http://localhost:3000${ORANGE_EMULATOR_PATH}/`);
    const keys = loadConfig({
      ORANGE_MONEY_USERNAME: 'login',
      ORANGE_MONEY_PASSWORD: 'secret',
      ORANGE_MONEY_AUTH_TOKEN: 'x-auth',
      ORANGE_MONEY_CHANNEL_MSISDN: '691234567',
      ORANGE_MONEY_PIN: '1234',
    });
    expect(emulatedPaymentPages(keys).map((page) => page.label)).not.toContain('Orange Money');
  });

  it('stays out of the API docs', async () => {
    const spec = testApp.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).filter((path) => path.startsWith('/emulateurs'))).toEqual([]);
  });

  it('is not mounted when the Orange keys are set', async () => {
    const bare = Fastify({ logger: false });
    bare.decorate(
      'config',
      loadConfig({
        ORANGE_MONEY_USERNAME: 'login',
        ORANGE_MONEY_PASSWORD: 'secret',
        ORANGE_MONEY_AUTH_TOKEN: 'x-auth',
        ORANGE_MONEY_CHANNEL_MSISDN: '691234567',
        ORANGE_MONEY_PIN: '1234',
      }),
    );
    await bare.register(paymentEmulatorsPlugin);
    try {
      expect((await bare.inject({ method: 'GET', url: `${ORANGE_EMULATOR_PATH}/` })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
