import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getDeviceToken } from '../../../lib/session';
import { login } from './login';

/** A browser's localStorage and fetch, enough for the sign-in call. */
function fakeBrowser(answers: object[]) {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  vi.stubGlobal('window', { location: { origin: 'http://localhost' }, localStorage });
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: URL, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answers[bodies.length - 1]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

const answer = (deviceToken: string) => ({ message: 'Connexion réussie !', token: 'session', user: {}, deviceToken });

describe('sign-in keeps and sends the device token', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('sends none the first time, keeps the one answered, sends it back after a sign-out', async () => {
    const bodies = fakeBrowser([answer('device-1'), answer('device-1')]);
    await login({ identifier: 'awa@example.cm', password: 'x' });
    expect(bodies[0]).toEqual({ identifier: 'awa@example.cm', password: 'x' });
    expect(getDeviceToken()).toBe('device-1');
    clearSession();
    await login({ identifier: 'awa@example.cm', password: 'x' });
    expect(bodies[1]).toEqual({ identifier: 'awa@example.cm', password: 'x', deviceToken: 'device-1' });
  });

  it('keeps a new token when the server answers one', async () => {
    fakeBrowser([answer('device-1'), answer('device-2')]);
    await login({ identifier: 'awa@example.cm', password: 'x' });
    await login({ identifier: 'bob@example.cm', password: 'x' });
    expect(getDeviceToken()).toBe('device-2');
  });
});
