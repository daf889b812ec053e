import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest, onUnauthorized } from './api-client';
import { getToken, setToken } from './session';

/** What the test server saw of each request. */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let seen: Seen[] = [];
/** The next answer of the test server, by path. */
const answers: Record<string, { status: number; body: string } | 'hang'> = {};

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = answers[(request.url ?? '').split('?')[0] as string] ?? { status: 200, body: '{"ok":true}' };
      if (answer === 'hang') return;
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  for (const key of Object.keys(answers)) delete answers[key];
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
  const { port } = server.address() as AddressInfo;
  vi.stubGlobal('window', { location: { origin: `http://127.0.0.1:${port}` }, localStorage });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function refusal(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('apiRequest', () => {
  it('calls /api with the query (empty values left out), JSON body, language and bearer token', async () => {
    setToken('session-1');
    const answer = await apiRequest<{ ok: boolean }>('/events', {
      method: 'POST',
      query: { q: 'jazz', page: 2, city: '', tag: undefined, mine: true },
      body: { title: 'x' },
    });
    expect(answer).toEqual({ ok: true });
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/events?q=jazz&page=2&mine=true');
    expect(request?.headers.authorization).toBe('Bearer session-1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['accept-language']).toBe('fr');
    expect(JSON.parse(request?.body ?? '')).toEqual({ title: 'x' });
  });

  it('sends no token on an anonymous call, and none when signed out', async () => {
    setToken('session-1');
    await apiRequest('/waitlist', { method: 'POST', body: {}, anonymous: true });
    window.localStorage.removeItem('token');
    await apiRequest('/events');
    expect(seen.map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
  });

  it('throws the API message and code, with the field errors', async () => {
    answers['/api/waitlist'] = {
      status: 400,
      body: JSON.stringify({ message: 'Nom requis', code: 'VALIDATION_ERROR', fieldErrors: { name: ['Nom requis'] } }),
    };
    const error = await refusal(apiRequest('/waitlist', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Nom requis');
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fieldErrors).toEqual({ name: ['Nom requis'] });
  });

  it('reads an unknown code or a body that is not JSON as HTTP_ERROR with a French message', async () => {
    answers['/api/a'] = { status: 500, body: JSON.stringify({ message: 'Panne', code: 'SOMETHING_NEW' }) };
    answers['/api/b'] = { status: 502, body: '<html>Bad gateway</html>' };
    expect((await refusal(apiRequest('/a'))).code).toBe('HTTP_ERROR');
    const notJson = await refusal(apiRequest('/b'));
    expect(notJson).toMatchObject({ status: 502, code: 'HTTP_ERROR', message: 'Une erreur est survenue' });
  });

  it('on a 401 of a signed-in call, ends the session and tells the listeners; not on an anonymous one', async () => {
    answers['/api/users/me'] = { status: 401, body: JSON.stringify({ message: 'Session expirée', code: 'UNAUTHORIZED' }) };
    const heard = vi.fn();
    const stop = onUnauthorized(heard);
    try {
      await refusal(apiRequest('/users/me'));
      expect(heard).not.toHaveBeenCalled();
      setToken('session-1');
      await refusal(apiRequest('/users/me'));
      expect(heard).toHaveBeenCalledTimes(1);
      expect(getToken()).toBeNull();
    } finally {
      stop();
    }
  });

  it('says the connection failed when nothing answers', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:1' }, localStorage: window.localStorage });
    const error = await refusal(apiRequest('/events'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK', message: 'Erreur de connexion au serveur' });
  });

  it('says so, and that nothing typed is lost, when the phone has no network', async () => {
    vi.stubGlobal('window', { location: { origin: 'http://127.0.0.1:1' }, localStorage: window.localStorage });
    vi.stubGlobal('navigator', { onLine: false });
    const error = await refusal(apiRequest('/events'));
    expect(error).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Vous êtes hors ligne : rien n’est perdu, réessayez quand la connexion revient.',
    });
  });

  it('gives up after its timeout, and stops when the caller aborts', async () => {
    answers['/api/slow'] = 'hang';
    const timedOut = await refusal(apiRequest('/slow', { timeoutMs: 100 }));
    expect(timedOut).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'Timeout de connexion' });
    const controller = new AbortController();
    const aborted = refusal(apiRequest('/slow', { signal: controller.signal }));
    controller.abort();
    expect((await aborted).code).toBe('NETWORK');
  });
});
