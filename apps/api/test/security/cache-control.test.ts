import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from '../factories';

/** Personal answers are never cacheable. */
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  token = await tokenFor(testApp.app, await createUser(testApp.app, { role: 'superadmin' }));
});
afterAll(async () => {
  await testApp.close();
});

describe('Cache-Control on authenticated answers', () => {
  it('is no-store, private on every answer to a request with a token, errors included', async () => {
    for (const url of ['/api/users/me', '/api/admin/waitlist', '/api/admin/settings', '/api/events?mine=true', '/api/nowhere']) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.headers['cache-control'], url).toBe('no-store, private');
    }
    const badToken = await testApp.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('not-a-token') });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.headers['cache-control']).toBe('no-store, private');
  });

  it('is no-store on the sign-in answer that carries the token, and absent on anonymous public reads', async () => {
    const user = await createUser(testApp.app);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store, private');
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBeUndefined();
  });
});
