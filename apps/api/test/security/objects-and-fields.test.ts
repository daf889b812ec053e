import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app';
import { bearer, createUser, tokenFor } from '../factories';
import { SERVICE_CHECKED } from './access-rules';
import {
  type ApiRoute,
  apiRoutes,
  changedTables,
  createSuperadminToken,
  databaseFingerprint,
  type JsonSchema,
  jsonSchemaOf,
  refusalProblems,
  send,
  validSample,
} from './harness';

/** What only the back office may change: never a field of a self-service body. */
const PRIVILEGED_FIELDS = [
  'role',
  'permissions',
  'isAdminValidated',
  'isBlocked',
  'isVerified',
  'status',
  'ownerId',
  'organizerId',
  'createdBy',
  'userId',
  'authorId',
];

/** Public routes, and authenticated routes without a permission check in their service. */
function isSelfService(route: ApiRoute): boolean {
  return route.access === 'public' || (route.access === 'authenticated' && !SERVICE_CHECKED[route.key]);
}

function propertyNames(schema: JsonSchema, depth = 0): string[] {
  if (depth > 5) return [];
  const own = Object.keys(schema.properties ?? {});
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
    ...(schema.items ? [schema.items] : []),
  ].flatMap((child) => propertyNames(child, depth + 1));
  return [...own, ...nested];
}

/** Every object in the schema refuses keys it does not list. */
function openObjects(schema: JsonSchema, path = 'body', depth = 0): string[] {
  if (depth > 5) return [];
  const here = schema.type === 'object' && schema.properties && schema.additionalProperties !== false ? [path] : [];
  const children = [
    ...Object.entries(schema.properties ?? {}).map(([key, child]) => openObjects(child, `${path}.${key}`, depth + 1)),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].map((child) =>
      openObjects(child, path, depth + 1),
    ),
    ...(schema.items ? [openObjects(schema.items, `${path}[]`, depth + 1)] : []),
  ].flat();
  return [...here, ...children];
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('objects and fields', () => {
  it('no self-service body can carry a role, permissions, validation, blocking, status or ownership field', () => {
    const offenders = apiRoutes(testApp.app)
      .filter((route) => route.body && isSelfService(route))
      .flatMap((route) => {
        const names = propertyNames(jsonSchemaOf(route.body as NonNullable<ApiRoute['body']>));
        return names.filter((name) => PRIVILEGED_FIELDS.includes(name)).map((name) => `${route.key}: ${name}`);
      });
    expect(offenders).toEqual([]);
  });

  it('every JSON body schema is strict (z.strictObject) at every level', () => {
    const routes = apiRoutes(testApp.app).filter((route) => route.body);
    expect(routes.length).toBeGreaterThan(1);
    const open = routes.flatMap((route) =>
      openObjects(jsonSchemaOf(route.body as NonNullable<ApiRoute['body']>)).map((path) => `${route.key}: ${path}`),
    );
    expect(open).toEqual([]);
  });

  it('a valid body with one unknown or privileged field more is refused with a French 400 and writes nothing', async () => {
    const { app } = testApp;
    const failures: string[] = [];
    let tried = 0;
    for (const route of apiRoutes(app).filter((candidate) => candidate.body)) {
      const sample = validSample(route.body as NonNullable<ApiRoute['body']>);
      if (!sample || typeof sample !== 'object' || Array.isArray(sample)) continue;
      for (const extra of [{ inconnu: 'x' }, { role: 'superadmin' }, { isBlocked: false, permissions: ['manage_admins'] }]) {
        const payload = { ...sample, ...extra };
        if (Object.keys(extra).every((key) => key in sample)) continue;
        const token = await createSuperadminToken(app);
        const before = await databaseFingerprint(app);
        const response = await send(app, route, { token, payload });
        const after = await databaseFingerprint(app);
        tried++;
        if (response.statusCode !== 400) {
          failures.push(`${route.key} + ${Object.keys(extra).join(',')}: ${response.statusCode} ${response.body.slice(0, 150)}`);
          continue;
        }
        for (const problem of refusalProblems(response)) failures.push(`${route.key}: ${problem}`);
        const changed = changedTables(before, after);
        if (changed.length) failures.push(`${route.key}: refused but changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(0);
  }, 60_000);

  it('an account never reads another account through a self-service route, and no answer carries a secret', async () => {
    const { app } = testApp;
    const alice = await createUser(app, { firstName: 'Alice', phone: '+237690000011' });
    const bob = await createUser(app, { firstName: 'Bob', phone: '+237690000022' });
    const aliceToken = await tokenFor(app, alice);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(aliceToken) });
    expect(me.statusCode).toBe(200);
    expect(me.body).not.toContain(bob.id);
    const other = await app.inject({ method: 'GET', url: `/api/users/${bob.id}`, headers: bearer(aliceToken) });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('+237690000022');

    // Every list and detail the superadmin can read: no password hash, session token or code.
    const superToken = await createSuperadminToken(app);
    const leaks: string[] = [];
    for (const route of apiRoutes(app).filter((candidate) => candidate.method === 'GET' && !candidate.url.includes('/openapi'))) {
      const path = route.url.includes(':id') ? route.url.replace(':id', bob.id).replace(/:\w+/g, 'x') : route.url;
      const response = await send(app, route, { token: superToken, path });
      if (/argon2|passwordHash|password_hash|tokenHash|token_hash|codeHash|code_hash/i.test(response.body)) {
        leaks.push(`${route.key}: ${response.body.slice(0, 200)}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("an account cannot change, publish, cancel or delete another account's event, nor take it over", async () => {
    const { app } = testApp;
    const owner = await createUser(app);
    const other = await createUser(app);
    const ownerToken = await tokenFor(app, owner);
    const otherToken = await tokenFor(app, other);
    const created = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: bearer(ownerToken),
      payload: {
        title: 'Soirée de Awa',
        description: 'Une soirée.',
        startDateTime: new Date(Date.now() + 48 * 3600_000).toISOString(),
        endDateTime: new Date(Date.now() + 50 * 3600_000).toISOString(),
        location: { address: 'Rue de la Joie, Akwa', city: 'Douala' },
        category: 'concert',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().event._id as string;
    expect((await app.inject({ method: 'PUT', url: `/api/events/${id}/publish`, headers: bearer(ownerToken) })).statusCode).toBe(
      200,
    );
    const before = await databaseFingerprint(app);
    const attempts = [
      { method: 'PUT' as const, url: `/api/events/${id}`, payload: { title: 'Volé' } },
      { method: 'PUT' as const, url: `/api/events/${id}/cancel` },
      { method: 'DELETE' as const, url: `/api/events/${id}` },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, headers: bearer(otherToken) });
      // Someone else's event answers as an unknown one: no hint that it exists.
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(refusalProblems(response)).toEqual([]);
    }
    const takeover = await app.inject({
      method: 'PUT',
      url: `/api/events/${id}`,
      headers: bearer(ownerToken),
      payload: { title: 'Soirée', organizerId: other.id, createdBy: other.id },
    });
    expect(takeover.statusCode).toBe(400);
    expect(changedTables(before, await databaseFingerprint(app))).toEqual([]);
    const after = await app.inject({ method: 'GET', url: `/api/events/${id}` });
    expect(after.json().title).toBe('Soirée de Awa');
  });
  it("an account cannot read, fill or switch another's business page, nor act for a partner it does not belong to", async () => {
    const { app } = testApp;
    const owner = await createUser(app);
    const other = await createUser(app);
    const ownerToken = await tokenFor(app, owner);
    const otherToken = await tokenFor(app, other);
    const superToken = await createSuperadminToken(app);
    const partner = await app.inject({
      method: 'POST',
      url: '/api/businesses',
      headers: bearer(superToken),
      payload: { name: 'Partenaire de Awa', type: 'business', email: 'partenaire.awa@exemple.cm' },
    });
    const partnerId = partner.json().partner._id as string;
    await app.inject({ method: 'PUT', url: `/api/businesses/${partnerId}/verify`, headers: bearer(superToken) });
    await app.inject({
      method: 'POST',
      url: `/api/partners/${partnerId}/users`,
      headers: bearer(superToken),
      payload: { identifier: owner.email },
    });
    const page = await app.inject({
      method: 'POST',
      url: '/api/business-event-pages',
      headers: bearer(ownerToken),
      payload: { name: 'Page de Awa', partnerId },
    });
    expect(page.statusCode, page.body).toBe(201);
    const pageId = page.json().page._id as string;
    const event = {
      title: 'Soirée',
      description: 'Une soirée.',
      startDateTime: new Date(Date.now() + 48 * 3600_000).toISOString(),
      endDateTime: new Date(Date.now() + 50 * 3600_000).toISOString(),
      location: { address: 'Rue de la Joie, Akwa', city: 'Douala' },
      category: 'concert',
    };
    const otherEvent = await app.inject({ method: 'POST', url: '/api/events', headers: bearer(otherToken), payload: event });
    const otherEventId = otherEvent.json().event._id as string;

    const before = await databaseFingerprint(app);
    const attempts = [
      { method: 'GET' as const, url: `/api/business-event-pages/${pageId}`, status: 404 },
      {
        method: 'POST' as const,
        url: `/api/business-event-pages/${pageId}/events`,
        payload: { eventId: otherEventId },
        status: 404,
      },
      { method: 'PUT' as const, url: `/api/business-event-pages/${pageId}/deactivate`, status: 403 },
      { method: 'POST' as const, url: '/api/business-event-pages', payload: { name: 'Volée', partnerId }, status: 403 },
      { method: 'POST' as const, url: '/api/events', payload: { ...event, partnerId }, status: 403 },
    ];
    for (const { status, ...attempt } of attempts) {
      const response = await app.inject({ ...attempt, headers: bearer(otherToken) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(status);
      expect(refusalProblems(response)).toEqual([]);
    }
    // The owner cannot put someone else's event on its own page either.
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/business-event-pages/${pageId}/events`,
      headers: bearer(ownerToken),
      payload: { eventId: otherEventId },
    });
    expect(foreign.statusCode).toBe(403);
    expect(changedTables(before, await databaseFingerprint(app))).toEqual([]);
  });
});
