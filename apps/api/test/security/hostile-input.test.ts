import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/app';
import { buildTestApp, type TestApp } from '../build-test-app';
import {
  type ApiRoute,
  apiRoutes,
  changedTables,
  createSuperadminToken,
  databaseFingerprint,
  deepObject,
  fillPath,
  hasBody,
  hostileArbitrary,
  hostileValue,
  jsonSchemaOf,
  refusalProblems,
  resetFingerprintCache,
  send,
  toQueryString,
} from './harness';

/** Runs per route and kind of input: bounded so the whole file stays well under a minute. */
const RUNS = Number(process.env.SECURITY_RUNS ?? 8);

/**
 * Refusals that write by design, with the tables they may touch and why. Anything else that
 * refuses a request must leave the database as it was.
 */
const WRITES_ON_REFUSAL: Record<string, { tables: string[]; reason: string }> = {
  'POST /api/users/login': {
    tables: ['users', 'audit_log', 'login_throttles'],
    reason: 'a wrong password counts toward the wait of its (account, address) pair (decision 008)',
  },
  'POST /api/users/verify-otp': { tables: ['one_time_codes'], reason: 'a wrong code counts toward the 5 tries' },
  'POST /api/auth/new-password': { tables: ['one_time_codes'], reason: 'a wrong code counts toward the 5 tries' },
};

let testApp: TestApp;
let token: string;
/** The database as it stands after the last request: the "before" of the next one. */
let current: Record<string, string>;

beforeAll(async () => {
  resetFingerprintCache();
  testApp = await buildTestApp();
  token = await createSuperadminToken(testApp.app);
  current = await databaseFingerprint(testApp.app);
});
afterAll(async () => {
  await testApp?.close();
});

interface Attempt {
  path?: string;
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/**
 * Sends one request as a superadmin (so access never hides the input handling) and checks the
 * promises: never a 5xx; a refusal is French JSON; a refusal writes nothing.
 */
async function attempt(app: FastifyInstance, route: ApiRoute, input: Attempt): Promise<string[]> {
  const before = current;
  let response: LightMyRequestResponse;
  try {
    response = await send(app, route, { token, ...input });
  } catch (error) {
    return [`${route.key}: inject threw ${String(error)}`];
  }
  const label = `${route.key} ${describeInput(input)}`;
  const problems: string[] = [];
  current = await databaseFingerprint(app);
  if (response.statusCode >= 500) problems.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  if (response.statusCode >= 400) {
    for (const problem of refusalProblems(response)) problems.push(`${label}: ${problem}`);
    const allowed = WRITES_ON_REFUSAL[route.key]?.tables ?? [];
    const changed = changedTables(before, current).filter((table) => !allowed.includes(table));
    if (changed.length) problems.push(`${label}: refused (${response.statusCode}) but changed ${changed.join(', ')}`);
  } else {
    // The request went through (it may have signed the superadmin out): start again with a fresh session.
    token = await createSuperadminToken(app);
    current = await databaseFingerprint(app);
  }
  return problems;
}

function describeInput(input: Attempt): string {
  const text = JSON.stringify({ path: input.path, query: input.query, payload: input.payload }) ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

async function check(route: ApiRoute, arbitrary: fc.Arbitrary<Attempt>) {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      const problems = await attempt(testApp.app, route, input);
      if (problems.length) throw new Error(problems.join('\n'));
    }),
    { numRuns: RUNS, seed: Number(process.env.SECURITY_SEED ?? 20261122), endOnFailure: true },
  );
}

const routesOf = (filter: (route: ApiRoute) => boolean) => () => apiRoutes(testApp.app).filter(filter);

describe('hostile input on every route', () => {
  it('bodies generated from each schema, with hostile values and unknown keys', async () => {
    const routes = routesOf((route) => !!route.body && !route.multipart)();
    expect(routes.length).toBeGreaterThan(1);
    for (const route of routes) {
      const body = hostileArbitrary(jsonSchemaOf(route.body as NonNullable<ApiRoute['body']>));
      await check(
        route,
        body.map((payload) => ({ payload })),
      );
    }
  }, 90_000);

  it('routes that read their body themselves (no body schema) get arbitrary and hostile JSON', async () => {
    const routes = routesOf((route) => hasBody(route) && !route.body)();
    const payload = fc.oneof(hostileValue, fc.dictionary(fc.string({ maxLength: 20 }), hostileValue, { maxKeys: 8 }));
    for (const route of routes) {
      await check(
        route,
        payload.map((value) => ({ payload: value })),
      );
    }
  }, 90_000);

  it('query strings generated from each schema, with hostile values and repeated keys', async () => {
    const routes = routesOf((route) => !!route.querystring)();
    for (const route of routes) {
      const schema = route.querystring ? jsonSchemaOf(route.querystring) : { type: 'object', properties: {} };
      const query = fc.oneof(
        hostileArbitrary(schema).map(toQueryString),
        fc.constantFrom(
          'page=-1&limit=100000',
          'limit=1e309',
          'page=0x10',
          'limit=1&limit=2',
          'page[]=1',
          `q=${'%'.repeat(3000)}`,
        ),
      );
      await check(
        route,
        query.map((value) => ({ query: value, payload: hasBody(route) ? {} : undefined })),
      );
    }
  }, 90_000);

  it('path parameters replaced by hostile values', async () => {
    const routes = routesOf((route) => route.url.includes(':'))();
    for (const route of routes) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const overrides = fc.record(
        Object.fromEntries(names.map((name) => [name, hostileValue.map((value) => String(value).slice(0, 500))])),
        { requiredKeys: [] },
      ) as fc.Arbitrary<Record<string, string>>;
      await check(
        route,
        overrides.map((values) => ({ path: fillPath(route, values), payload: hasBody(route) ? {} : undefined })),
      );
    }
  }, 90_000);

  it('broken bodies: bad JSON, deep JSON, wrong content types, over the size limit, broken multipart', async () => {
    const routes = routesOf(hasBody)();
    const failures: string[] = [];
    const cases: Attempt[] = [
      { payload: '{"a":', headers: { 'content-type': 'application/json' } },
      { payload: '', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: '[1,2,3]', headers: { 'content-type': 'application/json' } },
      { payload: '"texte"', headers: { 'content-type': 'application/json' } },
      { payload: '{"__proto__":{"isAdmin":true}}', headers: { 'content-type': 'application/json' } },
      { payload: '{"constructor":{"prototype":{"x":1}}}', headers: { 'content-type': 'application/json' } },
      { payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, headers: { 'content-type': 'application/json' } },
      { payload: JSON.stringify(deepObject(3000)), headers: { 'content-type': 'application/json' } },
      { payload: '\u0000\u0001\u0002', headers: { 'content-type': 'application/json' } },
      { payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: '<a/>', headers: { 'content-type': 'text/xml' } },
      { payload: 'bonjour', headers: { 'content-type': 'text/plain' } },
      { payload: JSON.stringify({ data: 'x'.repeat(BODY_LIMIT_BYTES + 10) }), headers: { 'content-type': 'application/json' } },
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a"',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      },
      { payload: 'pas du tout du multipart', headers: { 'content-type': 'multipart/form-data' } },
      {
        payload:
          '--b\r\nContent-Disposition: form-data; name="images"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nPAS UNE IMAGE\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      },
    ];
    for (const route of routes) {
      for (const input of cases) {
        failures.push(...(await attempt(testApp.app, route, input)));
      }
    }
    expect(failures).toEqual([]);
  }, 90_000);
});
