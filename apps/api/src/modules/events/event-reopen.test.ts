import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReopenable } from '@app/shared/events';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { auditLog, events } from '../../db/schema/index';

/*
 * 'Rouvrir' in the back office (issue 25 item 13, decisions 023 and 030): PUT /events/{id}/reopen
 * is audited, open to the organiser and to manage_events, and refused once the event has ended.
 */

let testApp: TestApp;
let app: FastifyInstance;
let managerId: string;
let manager: string;
let organizer: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  const admin = await createUser(app, { role: 'admin', permissions: ['manage_events'] });
  managerId = admin.id;
  manager = await tokenFor(app, admin);
  organizer = await tokenFor(app, await createUser(app));
});
afterAll(async () => {
  await testApp.close();
});

function call(method: 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function cancelledEvent(title: string): Promise<string> {
  const created = await call('POST', '/events', organizer, {
    title,
    description: 'Live music',
    startDateTime: '2027-05-01T19:00:00+01:00',
    endDateTime: '2027-05-01T23:00:00+01:00',
    location: { address: 'Rue 1', city: 'Douala' },
    category: 'concert',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().event._id as string;
  expect((await call('PUT', `/events/${id}/publish`, manager)).statusCode).toBe(200);
  expect((await call('PUT', `/events/${id}/cancel`, manager)).statusCode).toBe(200);
  return id;
}

describe('reopening a cancelled event', () => {
  it('manage_events reopens another organiser’s cancelled event, audited as event.reopen', async () => {
    const id = await cancelledEvent('Kappa gala');
    const reopened = await call('PUT', `/events/${id}/reopen`, manager);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().event.status).toBe('draft');
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'event'), eq(auditLog.targetId, id), eq(auditLog.action, 'event.reopen')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: managerId, before: { status: 'cancelled' }, after: { status: 'draft' } });
  });

  it('is refused to an account that neither organises it nor holds manage_events', async () => {
    const id = await cancelledEvent('Lambda gala');
    const stranger = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users'] }));
    const refused = await call('PUT', `/events/${id}/reopen`, stranger);
    expect([403, 404]).toContain(refused.statusCode);
    const [row] = await app.db.select({ status: events.status }).from(events).where(eq(events.id, id));
    expect(row?.status).toBe('cancelled');
  });

  it('is refused (409) once the event has ended, and nothing changes', async () => {
    const id = await cancelledEvent('Sigma gala');
    const past = { startDateTime: new Date(Date.now() - 3 * 3600_000), endDateTime: new Date(Date.now() - 3600_000) };
    await app.db.update(events).set(past).where(eq(events.id, id));
    for (const token of [manager, organizer]) {
      const refused = await call('PUT', `/events/${id}/reopen`, token);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe('Un événement terminé ne peut plus être rouvert');
    }
    const [row] = await app.db
      .select({ status: events.status, cancelledAt: events.cancelledAt })
      .from(events)
      .where(eq(events.id, id));
    expect(row?.status).toBe('cancelled');
    expect(row?.cancelledAt).toBeInstanceOf(Date);
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'event.reopen')));
    expect(audited).toEqual([]);
  });

  it('isReopenable: cancelled and not ended only', () => {
    const now = new Date('2027-01-01T12:00:00Z');
    expect(isReopenable({ status: 'cancelled', endDateTime: '2027-01-01T12:00:01Z' }, now)).toBe(true);
    expect(isReopenable({ status: 'cancelled', endDateTime: '2027-01-01T12:00:00Z' }, now)).toBe(false);
    expect(isReopenable({ status: 'published', endDateTime: '2027-06-01T00:00:00Z' }, now)).toBe(false);
    expect(isReopenable({ status: 'draft', endDateTime: '2027-06-01T00:00:00Z' }, now)).toBe(false);
  });
});
