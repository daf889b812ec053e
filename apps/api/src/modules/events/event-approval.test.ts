import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboundMessages } from '../../db/schema/index';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createEvent as createEventAs, saveEventSettings } from '../../../test/helper';

/** Issue 25 item 11: the 'À approuver' queue of 'Évènements', approve and refuse with a reason. */
let testApp: TestApp;
let app: FastifyInstance;
let managerToken: string;
let organizerToken: string;
let organizerEmail: string;
let smsOrganizerToken: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  const manager = await createUser(app, { role: 'admin', permissions: ['manage_events'], isAdminValidated: true });
  managerToken = await tokenFor(app, manager);
  const organizer = await createUser(app, { firstName: 'Aïcha' });
  organizerEmail = organizer.email ?? '';
  organizerToken = await tokenFor(app, organizer);
  const smsOrganizer = await createUser(app, { email: null, phone: '+237677889900', firstName: 'Paul' });
  smsOrganizerToken = await tokenFor(app, smsOrganizer);
  await saveEventSettings(app, { requireApproval: true, maxEventsPerUser: 1000 });
});
afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: bearer(token), payload: payload as object | undefined });
}

/** A draft its organiser submitted for approval ('Publier' while approval is required, decision 038). */
async function createEvent(token: string, title: string) {
  const id = (await createEventAs(app, token, { title }, 'draft'))._id;
  await submit(token, id);
  return id;
}

async function submit(token: string, id: string) {
  const response = await call('PUT', `/events/${id}/publish`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function queue(): Promise<string[]> {
  const response = await call('GET', '/events?approval=pending&limit=100', managerToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((item: { _id: string }) => item._id);
}

async function count(): Promise<number> {
  const response = await call('GET', '/events/pending-approval/count', managerToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().count;
}

describe("'À approuver'", () => {
  it("lists an organiser's draft, not a manager's; the count follows; approve publishes it and tells the organiser", async () => {
    const before = await count();
    const waiting = await createEvent(organizerToken, 'Nuit du Bikutsi');
    const managers = (await createEventAs(app, managerToken, { title: 'Gala des managers' }, 'draft'))._id;
    expect(await queue()).toContain(waiting);
    expect(await queue()).not.toContain(managers);
    expect(await count()).toBe(before + 1);

    const approved = await call('PUT', `/events/${waiting}/approve`, managerToken);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ message: 'Événement approuvé et publié', event: { status: 'published' } });
    expect(await queue()).not.toContain(waiting);
    expect(await count()).toBe(before);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, waiting), eq(auditLog.action, 'event.approve')));
    expect(audit?.after).toEqual({ status: 'published' });
    const [mail] = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, organizerEmail));
    expect(mail?.subject).toBe('Votre événement est publié : Nuit du Bikutsi');
    // Approved once: a second decision is refused.
    expect((await call('PUT', `/events/${waiting}/approve`, managerToken)).statusCode).toBe(409);
    expect((await call('PUT', `/events/${managers}/approve`, managerToken)).statusCode).toBe(409);
  });

  it('refuse needs a reason, keeps the draft, tells the organiser (SMS without e-mail) and leaves the queue until the organiser submits it again', async () => {
    const waiting = await createEvent(smsOrganizerToken, 'Marché de Noël');
    const noReason = await call('PUT', `/events/${waiting}/refuse`, managerToken, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toEqual(['Le motif du refus est requis']);
    const refused = await call('PUT', `/events/${waiting}/refuse`, managerToken, { reason: 'Photos manquantes' });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      message: 'Événement refusé : l’organisateur est prévenu',
      event: { status: 'draft' },
    });
    expect(await queue()).not.toContain(waiting);
    const [sms] = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, '+237677889900'));
    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toContain('Motif : Photos manquantes');

    const edited = await call('PUT', `/events/${waiting}`, smsOrganizerToken, { description: 'Avec des photos cette fois.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().event).toMatchObject({ approvalState: 'refused', refusalReason: 'Photos manquantes' });
    expect(await queue()).not.toContain(waiting);
    const again = await submit(smsOrganizerToken, waiting);
    expect(again.json().event).toMatchObject({ status: 'draft', approvalState: 'submitted', refusalReason: null });
    expect(await queue()).toContain(waiting);
  });

  it("'Publier' by an organiser submits the draft: 'En attente d’approbation', the team told, once; a draft not submitted does not wait (decision 038)", async () => {
    const stored = await app.settings.get();
    await app.settings.save({ ...stored, general: { ...stored.general, contactEmail: 'equipe@example.cm' } }, null);
    const draft = (await createEventAs(app, organizerToken, { title: 'Brouillon pas prêt' }, 'draft'))._id;
    expect(await queue()).not.toContain(draft);
    const fresh = await call('GET', `/events/${draft}`, organizerToken);
    expect(fresh.json()).toMatchObject({ status: 'draft', approvalState: null });

    const submitted = await submit(organizerToken, draft);
    expect(submitted.json()).toMatchObject({
      message: 'Événement envoyé pour approbation : il sera publié après validation par un administrateur',
      event: { status: 'draft', approvalState: 'submitted' },
    });
    expect(await queue()).toContain(draft);
    const mine = await call('GET', '/events?mine=true&limit=100', organizerToken);
    expect(mine.json().items.find((item: { _id: string }) => item._id === draft)).toMatchObject({ approvalState: 'submitted' });
    const [alert] = await app.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.subject, 'Événement à approuver : Brouillon pas prêt'));
    expect(alert?.recipient).toBe('equipe@example.cm');
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, draft), eq(auditLog.action, 'event.submit')));
    expect(audit).toBeDefined();

    const twice = await call('PUT', `/events/${draft}/publish`, organizerToken);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Cet événement attend déjà l’approbation d’un administrateur');
    // Approved: published, no longer waiting.
    expect((await call('PUT', `/events/${draft}/approve`, managerToken)).json().event).toMatchObject({
      status: 'published',
      approvalState: null,
    });
    // Someone else's draft: as if it did not exist.
    const other = (await createEventAs(app, smsOrganizerToken, { title: 'Pas à vous' }, 'draft'))._id;
    expect((await call('PUT', `/events/${other}/publish`, organizerToken)).statusCode).toBe(404);
    await app.settings.save(stored, null);
  });

  it('is for event managers only, and empty while approval is not required', async () => {
    const waiting = (await createEventAs(app, organizerToken, { title: 'Tournoi de quartier' }, 'draft'))._id;
    expect((await call('GET', '/events?approval=pending', organizerToken)).statusCode).toBe(403);
    expect((await call('GET', '/events/pending-approval/count', organizerToken)).statusCode).toBe(403);
    expect((await call('PUT', `/events/${waiting}/approve`, organizerToken)).statusCode).toBe(403);
    expect((await call('PUT', `/events/${waiting}/refuse`, organizerToken, { reason: 'Non' })).statusCode).toBe(403);
    expect((await call('GET', '/events?approval=other', managerToken)).statusCode).toBe(400);
    const stored = await app.settings.get();
    await app.settings.save({ ...stored, events: { ...stored.events, requireApproval: false } }, null);
    expect(await queue()).toEqual([]);
    expect(await count()).toBe(0);
    expect((await call('PUT', `/events/${waiting}/approve`, managerToken)).statusCode).toBe(409);
    await app.settings.save(stored, null);
  });
});
