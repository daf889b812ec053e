import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Operator } from '@app/shared/payments';
import {
  type MtnMomoEmulatorOptions,
  type StartedMtnMomoEmulator,
  startMtnMomoEmulator,
} from '../src/modules/payments/emulators/mtn-momo.emulator';
import {
  type OrangeMoneyEmulatorHandle,
  startOrangeMoneyEmulator,
} from '../src/modules/payments/emulators/orange-money.emulator';
import type { MobileMoneyProvider } from '../src/modules/payments/mobile-money';
import { MtnMomoProvider, mtnEmulatorSettings } from '../src/modules/payments/mtn-momo.provider';
import { ORANGE_EMULATOR_CREDENTIALS, OrangeMoneyProvider } from '../src/modules/payments/orange-money.provider';
import { buildTestApp, type TestApp } from './build-test-app';

/*
 * A test app whose Mobile Money adapters speak over real HTTP to emulators the test starts
 * (issue 28): MTN through a switchable relay (`relay.mode`), to play a provider that is down,
 * or that takes the request and loses the answer.
 */

/** Forwards to the emulator ('up'), refuses every call ('down'), or forwards and then drops the answer ('lose-answer'). */
export interface Relay {
  url: string;
  mode: 'up' | 'down' | 'lose-answer';
  close(): Promise<void>;
}

export async function startRelay(target: string): Promise<Relay> {
  const sockets = new Set<import('node:net').Socket>();
  const relay: Relay = { url: '', mode: 'up', close: async () => {} };
  const server = http.createServer(async (request, response) => {
    if (relay.mode === 'down') {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body });
    const bytes = Buffer.from(await answer.arrayBuffer());
    if (relay.mode === 'lose-answer') {
      request.socket.destroy();
      return;
    }
    response.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    response.end(bytes);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return relay;
}

export function mtnProvider(baseUrl: string, options: { requestLifetimeMs?: number } = {}): MtnMomoProvider {
  return new MtnMomoProvider({
    ...mtnEmulatorSettings(baseUrl),
    disbursement: null,
    requestLifetimeMs: options.requestLifetimeMs ?? 5 * 60_000,
    callTimeoutMs: 2000,
  });
}

export interface PaymentsTestApp extends TestApp {
  mtn: StartedMtnMomoEmulator;
  orange: OrangeMoneyEmulatorHandle;
  relay: Relay;
  providers: Record<Operator, MobileMoneyProvider>;
}

/** A test app (see buildTestApp) paying through the MTN emulator (behind a relay) and the Orange Money emulator. */
export async function buildPaymentsTestApp(
  env: Record<string, string> = {},
  options: { mtn?: MtnMomoEmulatorOptions } = {},
): Promise<PaymentsTestApp> {
  const mtn = await startMtnMomoEmulator({ callbackTimeoutMs: 500, ...options.mtn });
  const orange = await startOrangeMoneyEmulator();
  const relay = await startRelay(mtn.url);
  const lifetime = options.mtn?.requestLifetimeMs ?? 5 * 60_000;
  const providers: Record<Operator, MobileMoneyProvider> = {
    mtn: mtnProvider(relay.url, { requestLifetimeMs: lifetime }),
    orange: new OrangeMoneyProvider({ baseUrl: orange.url, ...ORANGE_EMULATOR_CREDENTIALS, emulated: true }),
  };
  const testApp = await buildTestApp(env, { paymentProviders: providers });
  return {
    ...testApp,
    mtn,
    orange,
    relay,
    providers,
    async close() {
      await testApp.close();
      await relay.close();
      await mtn.close();
      await orange.close();
    },
  };
}
