import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { ACCESS_CODES, codeOf, expected, SERVICE_CHECKED } from './access-rules';
import {
  apiRoutes,
  createIdentities,
  createIdentity,
  fillPath,
  IDENTITY_SPECS,
  plausibleBody,
  refusalProblems,
  send,
} from './harness';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('access matrix', () => {
  it('every service refinement names a route that exists and is declared authenticated', () => {
    const routes = new Map(apiRoutes(testApp.app).map((route) => [route.key, route]));
    for (const key of Object.keys(SERVICE_CHECKED)) {
      expect(routes.get(key)?.access, key).toBe('authenticated');
    }
  });

  it('nothing under /api/admin or /api/stats is public or open to every account', () => {
    const loose = apiRoutes(testApp.app).filter(
      (route) =>
        /^\/api\/(admin|stats)(\/|$)/.test(route.url) &&
        (route.access === 'public' || (route.access === 'authenticated' && !SERVICE_CHECKED[route.key])),
    );
    expect(loose.map((route) => `${route.key}: ${route.access}`)).toEqual([]);
  });

  it('answers 401, 403 or lets through exactly as each route declares, for every identity', async () => {
    const { app } = testApp;
    const routes = apiRoutes(app);
    expect(routes.length).toBeGreaterThan(8);
    const failures: string[] = [];
    let checked = 0;
    const identities = await createIdentities(app);
    for (const route of routes) {
      for (const [index, identity] of identities.entries()) {
        const response = await send(app, route, { token: identity.token, payload: plausibleBody(route) });
        const want = expected(route, identity);
        const got = response.statusCode;
        checked++;
        if (got >= 500) failures.push(`${route.key} as ${identity.name}: ${got} ${response.body.slice(0, 200)}`);
        else if (want === 'allowed' && (got === 401 || got === 403) && ACCESS_CODES.has(codeOf(response)))
          failures.push(`${route.key} as ${identity.name}: expected access, got ${got} ${response.body.slice(0, 120)}`);
        else if (want !== 'allowed' && got !== want)
          failures.push(`${route.key} as ${identity.name}: expected ${want}, got ${got} ${response.body.slice(0, 120)}`);
        if (got === 401 || got === 403) {
          for (const problem of refusalProblems(response)) failures.push(`${route.key} as ${identity.name}: ${problem}`);
        }
        // A write that went through may have changed the account or ended its session (logout):
        // the next route gets a fresh one.
        if (route.method !== 'GET' && got < 400) {
          identities[index] = await createIdentity(app, IDENTITY_SPECS[index] as (typeof IDENTITY_SPECS)[number]);
        }
      }
    }
    expect(failures).toEqual([]);
    // anonymous, user, unverified, blocked user, blocked admin, pending admin, 11 single-permission admins, superadmin
    expect(checked).toBe(routes.length * IDENTITY_SPECS.length);
    expect(IDENTITY_SPECS.length).toBe(18);
  }, 240_000);

  it('cannot be walked around by writing the path differently (percent-encoding, case, slashes)', async () => {
    const { app } = testApp;
    const guarded = apiRoutes(app).filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of guarded) {
      const path = fillPath(route);
      const variants = [path.replace(/^\/api/, '/%61pi'), path.replace(/^\/api/, '/%61%70%69'), `/${path}`, `${path}/`];
      for (const variant of variants) {
        const response = await send(app, route, { path: variant, payload: plausibleBody(route) });
        // Refused as anonymous (401), or not a route at all (404): never served.
        if (response.statusCode !== 401 && response.statusCode !== 404) {
          failures.push(`${route.method} ${variant}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
