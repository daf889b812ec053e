import { randomUUID } from 'node:crypto';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { MTN_EMULATOR_CREDENTIALS, type StartedMtnMomoEmulator, startMtnMomoEmulator } from './emulators/mtn-momo.emulator';
import { type PaymentRequest, ProviderRefused, ProviderUnreachable } from './mobile-money';
import {
  MtnMomoProvider,
  type MtnMomoSettings,
  mtnMomoProviderFromConfig,
  refundReferenceOf,
  statusOf,
} from './mtn-momo.provider';

/*
 * The MTN MoMo adapter against the MTN emulator over real HTTP (issue 28, decision 050): token,
 * request to pay, status read back, the payer's decisions, expiry, duplicate references, refused
 * credentials, a provider down or hanging, the callback, refunds.
 */

const CREDENTIALS = {
  subscriptionKey: MTN_EMULATOR_CREDENTIALS.subscriptionKey,
  apiUser: MTN_EMULATOR_CREDENTIALS.apiUser,
  apiKey: MTN_EMULATOR_CREDENTIALS.apiKey,
};
const DISBURSEMENT = {
  subscriptionKey: MTN_EMULATOR_CREDENTIALS.disbursementSubscriptionKey,
  apiUser: MTN_EMULATOR_CREDENTIALS.disbursementApiUser,
  apiKey: MTN_EMULATOR_CREDENTIALS.disbursementApiKey,
};

function provider(baseUrl: string, overrides: Partial<MtnMomoSettings> = {}): MtnMomoProvider {
  return new MtnMomoProvider({
    baseUrl,
    collection: CREDENTIALS,
    disbursement: DISBURSEMENT,
    targetEnvironment: 'mtncameroon',
    callbackHost: 'any',
    emulated: true,
    requestLifetimeMs: 60_000,
    callTimeoutMs: 2000,
    ...overrides,
  });
}

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    paymentId: randomUUID(),
    reference: `PAY-${randomUUID().slice(0, 8).toUpperCase()}`,
    amount: 2000,
    currency: 'XAF',
    phone: '+237670000001',
    payerMessage: 'Premium mensuel — Évènements Cameroun',
    payeeNote: 'Premium mensuel',
    callbackUrl: 'http://127.0.0.1:9/api/payments/callbacks/mtn/token',
    ...overrides,
  };
}

let mtn: StartedMtnMomoEmulator;
beforeAll(async () => {
  mtn = await startMtnMomoEmulator();
});
afterAll(async () => {
  await mtn?.close();
});

describe('request to pay', () => {
  it('asks for a token once and keeps it for the following calls', async () => {
    const adapter = provider(mtn.url);
    const before = mtn.emulator.tokensIssued;
    const first = await adapter.requestToPay(paymentRequest());
    await adapter.status(first.providerReference);
    await adapter.requestToPay(paymentRequest());
    expect(mtn.emulator.tokensIssued - before).toBe(1);
    // A token MTN no longer takes is dropped and asked again, once.
    mtn.emulator.revokeTokens();
    expect(await adapter.status(first.providerReference)).toEqual({ status: 'pending' });
    expect(mtn.emulator.tokensIssued - before).toBe(2);
  });

  it('is accepted (202) under our payment id and stays pending with what was asked', async () => {
    const request = paymentRequest();
    const { providerReference } = await provider(mtn.url).requestToPay(request);
    expect(providerReference).toBe(request.paymentId);
    const held = mtn.emulator.requests.get(request.paymentId);
    expect(held).toMatchObject({
      amount: '2000',
      currency: 'XAF',
      externalId: request.reference,
      payer: { partyIdType: 'MSISDN', partyId: '237670000001' },
      payerMessage: request.payerMessage,
      callbackUrl: request.callbackUrl,
      status: 'PENDING',
    });
    expect(await provider(mtn.url).status(providerReference)).toEqual({ status: 'pending' });
    expect(mtn.emulator.waiting().map((waiting) => waiting.referenceId)).toContain(request.paymentId);
  });

  it('approved on the phone: successful, with the amount, the currency and MTN transaction id', async () => {
    const adapter = provider(mtn.url);
    const { providerReference } = await adapter.requestToPay(paymentRequest({ amount: 20_000 }));
    expect(await mtn.decide(providerReference, 'approve')).toBe(true);
    const status = await adapter.status(providerReference);
    expect(status).toMatchObject({ status: 'successful', amount: 20_000, currency: 'XAF' });
    expect(status.status === 'successful' && status.providerTransactionId).toMatch(/^\d+$/);
    // Decided once: a second decision changes nothing.
    expect(await mtn.decide(providerReference, 'refuse')).toBe(false);
    expect((await adapter.status(providerReference)).status).toBe('successful');
  });

  it.each([
    ['refuse', 'refused', 'APPROVAL_REJECTED'],
    ['insufficient_funds', 'insufficient_funds', 'NOT_ENOUGH_FUNDS'],
    ['timeout', 'timeout', 'EXPIRED'],
  ] as const)('%s on the phone: failed, %s', async (outcome, reason, detail) => {
    const adapter = provider(mtn.url);
    const { providerReference } = await adapter.requestToPay(paymentRequest());
    await mtn.decide(providerReference, outcome);
    expect(await adapter.status(providerReference)).toEqual({ status: 'failed', reason, detail });
  });

  it('a request nobody answers within its lifetime expires: failed, timeout', async () => {
    const shortLived = await startMtnMomoEmulator({ requestLifetimeMs: 150 });
    try {
      const adapter = provider(shortLived.url);
      const { providerReference } = await adapter.requestToPay(paymentRequest());
      expect(await adapter.status(providerReference)).toEqual({ status: 'pending' });
      await vi.waitFor(async () => expect((await adapter.status(providerReference)).status).toBe('failed'), {
        timeout: 3000,
        interval: 50,
      });
      expect(await adapter.status(providerReference)).toEqual({ status: 'failed', reason: 'timeout', detail: 'EXPIRED' });
      expect(await shortLived.decide(providerReference, 'approve')).toBe(false);
    } finally {
      await shortLived.close();
    }
  });

  it('the same reference twice is one request: MTN answers 409 and the adapter takes it as already accepted', async () => {
    const adapter = provider(mtn.url);
    const request = paymentRequest();
    await adapter.requestToPay(request);
    await expect(adapter.requestToPay({ ...request, amount: 1 })).resolves.toEqual({
      providerReference: request.paymentId,
    });
    expect(mtn.emulator.requests.get(request.paymentId)?.amount).toBe('2000');
    // What MTN itself answers to the second one.
    const token = await fetch(`${mtn.url}/collection/token/`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${CREDENTIALS.apiUser}:${CREDENTIALS.apiKey}`).toString('base64')}`,
        'ocp-apim-subscription-key': CREDENTIALS.subscriptionKey,
      },
    }).then((response) => response.json() as Promise<{ access_token: string; expires_in: number }>);
    expect(token.expires_in).toBe(3600);
    const again = await fetch(`${mtn.url}/collection/v1_0/requesttopay`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        'ocp-apim-subscription-key': CREDENTIALS.subscriptionKey,
        'x-target-environment': 'mtncameroon',
        'x-reference-id': request.paymentId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        amount: '2000',
        currency: 'XAF',
        externalId: request.reference,
        payer: { partyIdType: 'MSISDN', partyId: '237670000001' },
      }),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'RESOURCE_ALREADY_EXIST' });
  });

  it('refuses a wrong subscription key, wrong API credentials or a wrong target environment', async () => {
    const cases: Partial<MtnMomoSettings>[] = [
      { collection: { ...CREDENTIALS, subscriptionKey: 'wrong' } },
      { collection: { ...CREDENTIALS, apiKey: 'wrong' } },
      { collection: { ...CREDENTIALS, apiUser: randomUUID() } },
      { targetEnvironment: 'mtnuganda' },
    ];
    for (const overrides of cases) {
      const request = paymentRequest();
      const error = await provider(mtn.url, overrides)
        .requestToPay(request)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderRefused);
      expect((error as ProviderRefused).reason).toBe('provider_error');
      expect(mtn.emulator.requests.has(request.paymentId)).toBe(false);
    }
    // Reading a status with refused credentials says nothing of the payment: unreachable, never failed.
    await expect(
      provider(mtn.url, { collection: { ...CREDENTIALS, apiKey: 'wrong' } }).status(randomUUID()),
    ).rejects.toBeInstanceOf(ProviderUnreachable);
  });

  it('a bad request (a currency MTN refuses) is refused; an unknown reference reads as failed', async () => {
    const error = await provider(mtn.url)
      .requestToPay(paymentRequest({ currency: 'EUR' as 'XAF' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderRefused);
    expect(await provider(mtn.url).status(randomUUID())).toEqual({
      status: 'failed',
      reason: 'provider_error',
      detail: 'RESOURCE_NOT_FOUND',
    });
  });
});

describe('a provider down, failing or hanging', () => {
  const servers: Array<{ close(): unknown }> = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('no server listening: ProviderUnreachable', async () => {
    const gone = await startMtnMomoEmulator();
    await gone.close();
    const adapter = provider(gone.url);
    await expect(adapter.requestToPay(paymentRequest())).rejects.toBeInstanceOf(ProviderUnreachable);
    await expect(adapter.status(randomUUID())).rejects.toBeInstanceOf(ProviderUnreachable);
  });

  it('a server that never answers: ProviderUnreachable within the call timeout', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    servers.push({
      close: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise((resolve) => silent.close(resolve));
      },
    });
    const { port } = silent.address() as net.AddressInfo;
    const adapter = provider(`http://127.0.0.1:${port}`, { callTimeoutMs: 300 });
    const started = Date.now();
    const error = await adapter.requestToPay(paymentRequest()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderUnreachable);
    expect((error as Error).message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(adapter.status(randomUUID())).rejects.toBeInstanceOf(ProviderUnreachable);
  });

  it('a server answering 500 or 503: ProviderUnreachable (the payment stays unknown)', async () => {
    for (const code of [500, 503]) {
      const failing: FastifyInstance = Fastify({ logger: false });
      failing.all('/*', async (_request, reply) => reply.code(code).send({ message: 'Internal error' }));
      const url = await failing.listen({ port: 0, host: '127.0.0.1' });
      servers.push(failing);
      await expect(provider(url).requestToPay(paymentRequest())).rejects.toBeInstanceOf(ProviderUnreachable);
    }
  });
});

describe('callbacks', () => {
  it('the emulator calls X-Callback-Url once decided, with the reference the adapter reads back', async () => {
    const received: Array<{ method: string; body: unknown }> = [];
    const receiver = Fastify({ logger: false });
    receiver.post('/api/payments/callbacks/mtn/:token', async (request, reply) => {
      received.push({ method: request.method, body: request.body });
      return reply.code(200).send({ ok: true });
    });
    const receiverUrl = await receiver.listen({ port: 0, host: '127.0.0.1' });
    try {
      const adapter = provider(mtn.url);
      const request = paymentRequest({ callbackUrl: `${receiverUrl}/api/payments/callbacks/mtn/secret-token` });
      await adapter.requestToPay(request);
      expect(received).toEqual([]);
      await mtn.decide(request.paymentId, 'approve');
      expect(received).toHaveLength(1);
      expect(received[0]?.body).toMatchObject({
        referenceId: request.paymentId,
        externalId: request.reference,
        amount: '2000',
        currency: 'XAF',
        status: 'SUCCESSFUL',
      });
      expect(adapter.verifyCallback()).toBe(true);
      expect(adapter.referenceOfCallback(received[0]?.body)).toBe(request.paymentId);
      expect(adapter.referenceOfCallback({ hello: 'world' })).toBeNull();
      expect(adapter.referenceOfCallback('SUCCESSFUL')).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('X-Callback-Url is sent only for the registered callback host', async () => {
    const registered = paymentRequest({ callbackUrl: 'https://evenements.cm/api/payments/callbacks/mtn/t1' });
    const other = paymentRequest({ callbackUrl: 'https://elsewhere.example/api/payments/callbacks/mtn/t2' });
    const adapter = provider(mtn.url, { callbackHost: 'evenements.cm' });
    await adapter.requestToPay(registered);
    await adapter.requestToPay(other);
    const polledOnly = paymentRequest();
    await provider(mtn.url, { callbackHost: null }).requestToPay(polledOnly);
    expect(mtn.emulator.requests.get(registered.paymentId)?.callbackUrl).toBe(registered.callbackUrl);
    expect(mtn.emulator.requests.get(other.paymentId)?.callbackUrl).toBeNull();
    expect(mtn.emulator.requests.get(polledOnly.paymentId)?.callbackUrl).toBeNull();
  });
});

describe('refunds through Disbursement', () => {
  it('refunds a successful payment once; more than was paid is refused', async () => {
    const adapter = provider(mtn.url);
    const request = paymentRequest();
    const { providerReference } = await adapter.requestToPay(request);
    await mtn.decide(providerReference, 'approve');
    const refund = { paymentId: request.paymentId, providerReference, amount: 2000, phone: request.phone, reason: 'Erreur' };
    const done = await adapter.refund?.(refund);
    expect(done).toEqual({ providerReference: refundReferenceOf(request.paymentId) });
    expect(mtn.emulator.requests.get(refundReferenceOf(request.paymentId))).toMatchObject({
      product: 'disbursement',
      status: 'SUCCESSFUL',
      referenceIdToRefund: providerReference,
    });
    // The same refund asked again is the same one (409), not a second.
    await expect(adapter.refund?.(refund)).resolves.toEqual(done);

    const unpaid = paymentRequest();
    await adapter.requestToPay(unpaid);
    await expect(
      adapter.refund?.({ ...refund, paymentId: unpaid.paymentId, providerReference: unpaid.paymentId }),
    ).rejects.toBeInstanceOf(ProviderRefused);
  });

  it('without Disbursement keys there is no refund through MTN', () => {
    expect(provider(mtn.url, { disbursement: null }).refund).toBeUndefined();
  });
});

describe('configuration', () => {
  it('without keys: the emulator mounted in the app, with its own sandbox credentials', () => {
    const adapter = mtnMomoProviderFromConfig(loadConfig({ PUBLIC_URL: 'http://localhost:4321/' }));
    expect(adapter.emulated).toBe(true);
    expect(adapter.operator).toBe('mtn');
    expect(adapter.refund).toBeTypeOf('function');
    expect((adapter as unknown as { settings: MtnMomoSettings }).settings.baseUrl).toBe(
      'http://localhost:4321/emulateurs/mtn-momo',
    );
  });

  it('with keys: MTN itself (refunds only with the Disbursement keys); half the keys is a configuration error', () => {
    const keys = { MTN_MOMO_SUBSCRIPTION_KEY: 'k', MTN_MOMO_API_USER: randomUUID(), MTN_MOMO_API_KEY: 'a' };
    const real = mtnMomoProviderFromConfig(loadConfig(keys));
    expect(real.emulated).toBe(false);
    expect(real.refund).toBeUndefined();
    const settings = (real as unknown as { settings: MtnMomoSettings }).settings;
    expect(settings).toMatchObject({
      baseUrl: 'https://proxy.momoapi.mtn.com',
      targetEnvironment: 'mtncameroon',
      callbackHost: null,
    });
    const withRefunds = mtnMomoProviderFromConfig(
      loadConfig({
        ...keys,
        MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: 'd',
        MTN_MOMO_DISBURSEMENT_API_USER: randomUUID(),
        MTN_MOMO_DISBURSEMENT_API_KEY: 'e',
      }),
    );
    expect(withRefunds.refund).toBeTypeOf('function');
    expect(() => mtnMomoProviderFromConfig(loadConfig({ MTN_MOMO_SUBSCRIPTION_KEY: 'k' }))).toThrow(ConfigError);
  });

  it('logs a refusal without secrets or the payer number', async () => {
    const lines: string[] = [];
    const adapter = provider(mtn.url, {
      collection: { ...CREDENTIALS, apiKey: 'super-secret-key' },
      log: { warn: (object, message) => lines.push(JSON.stringify({ ...object, message })) },
    });
    await adapter.requestToPay(paymentRequest()).catch(() => undefined);
    const badBody = provider(mtn.url, {
      log: { warn: (object, message) => lines.push(JSON.stringify({ ...object, message })) },
    });
    await badBody.requestToPay(paymentRequest({ currency: 'EUR' as 'XAF' })).catch(() => undefined);
    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join('\n');
    for (const secret of ['super-secret-key', CREDENTIALS.subscriptionKey, CREDENTIALS.apiUser, '670000001']) {
      expect(all).not.toContain(secret);
    }
  });

  it('reads MTN status answers of every shape', () => {
    expect(statusOf({ status: 'PENDING' })).toEqual({ status: 'pending' });
    expect(statusOf({ status: 'FAILED', reason: { code: 'APPROVAL_REJECTED', message: 'x' } })).toMatchObject({
      reason: 'refused',
    });
    expect(statusOf({ status: 'FAILED', reason: 'PAYER_NOT_FOUND' })).toMatchObject({ reason: 'provider_error' });
    expect(statusOf({ status: 'FAILED', reason: 'TRANSACTION_TIMEOUT' })).toMatchObject({ reason: 'timeout' });
    expect(statusOf({ status: 'TIMEOUT' })).toMatchObject({ status: 'failed', reason: 'timeout' });
    expect(statusOf({ status: 'SUCCESSFUL', amount: '2000', currency: 'XAF', financialTransactionId: 123 })).toEqual({
      status: 'successful',
      amount: 2000,
      currency: 'XAF',
      providerTransactionId: '123',
    });
  });
});
