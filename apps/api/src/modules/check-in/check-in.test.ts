import { createPublicKey, randomUUID, verify } from 'node:crypto';
import type * as Contract from '@app/shared/check-in';
import { base64UrlToBytes, encodeTicketPayload, parseTicketQr, ticketQrText } from '@app/shared/check-in-ticket';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertEvent } from '../../../test/factories';
import { buildTestApp } from '../../../test/build-test-app';
import { type Identity, request, signedIn, testAppForFile } from '../../../test/helper';
import { auditLog, checkInAdmissions, checkInScans, events, ticketRevocations, users } from '../../db/schema/index';
import { SCAN_REQUESTS_PER_MINUTE } from './check-in.routes';

/*
 * Tickets and door check-in (issue 27 item 4, decision 045): the signed QR, the bundle, the scans
 * (statuses, idempotence, one admission per ticket under concurrency and across entrances), door
 * helpers, and who may call what.
 */

const testApp = testAppForFile(buildTestApp);
const app = () => testApp.app;

async function person(overrides: Parameters<typeof signedIn>[1] = {}): Promise<Identity> {
  return signedIn(app(), overrides);
}

/** An organiser with a published event and `count` participants who joined through the API. */
async function eventWith(count: number, values: Parameters<typeof insertEvent>[2] = {}) {
  const organiser = await person();
  const event = await insertEvent(app(), organiser.user.id, values);
  const participants: Identity[] = [];
  for (let index = 0; index < count; index++) {
    const participant = await person({ firstName: `Invité${index}`, lastName: 'Mbarga' });
    const joined = await request(app(), 'POST', `/api/events/${event.id}/participants`, participant, {});
    expect(joined.statusCode, joined.body).toBe(200);
    participants.push(participant);
  }
  return { organiser, event, participants };
}

async function ticketOf(eventId: string, as: Identity): Promise<Contract.MyTicket> {
  const response = await request(app(), 'GET', `/api/users/me/participations/${eventId}/ticket`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Contract.MyTicket>();
}

async function bundleOf(eventId: string, as: Identity): Promise<Contract.CheckInBundle> {
  const response = await request(app(), 'GET', `/api/events/${eventId}/check-in`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Contract.CheckInBundle>();
}

function scan(ticket: string, overrides: Partial<Contract.CheckInScan> = {}): Contract.CheckInScan {
  return { scanId: randomUUID(), ticket, scannedAt: new Date().toISOString(), ...overrides };
}

async function send(eventId: string, as: Identity, scans: Contract.CheckInScan[]): Promise<Contract.CheckInScansResponse> {
  const response = await request(app(), 'POST', `/api/events/${eventId}/check-in/scans`, as, { scans });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Contract.CheckInScansResponse>();
}

/** Node's own Ed25519 check of a QR text against the raw public key of a bundle. */
function verifiesWith(publicKey: string, qr: string): boolean {
  const parsed = parseTicketQr(qr);
  if (!parsed) return false;
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(base64UrlToBytes(publicKey))]);
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return verify(null, Buffer.from(parsed.signedPart, 'ascii'), key, Buffer.from(parsed.signature, 'base64url'));
}

describe('a participant’s ticket', () => {
  it('carries a QR signed with the event’s key, which the bundle’s public key verifies, and stays the same', async () => {
    const { organiser, event, participants } = await eventWith(1);
    const [participant] = participants as [Identity];
    const ticket = await ticketOf(event.id, participant);
    expect(ticket).toMatchObject({
      eventId: event.id,
      holderName: 'Invité0 Mbarga',
      title: event.title,
      address: event.address,
      city: event.city,
      cancelled: false,
      admittedAt: null,
    });
    expect(parseTicketQr(ticket.qr)?.payload).toEqual({ e: event.id, t: ticket.ticketId });
    const bundle = await bundleOf(event.id, organiser);
    expect(base64UrlToBytes(bundle.publicKey)).toHaveLength(32);
    expect(verifiesWith(bundle.publicKey, ticket.qr)).toBe(true);
    expect(await ticketOf(event.id, participant)).toEqual(ticket);

    // Another event's key does not verify it, nor does a changed payload.
    const other = await eventWith(0);
    expect(verifiesWith((await bundleOf(other.event.id, other.organiser)).publicKey, ticket.qr)).toBe(false);
    const parsed = parseTicketQr(ticket.qr);
    if (!parsed) throw new Error('no QR');
    const forged = ticketQrText(encodeTicketPayload({ e: event.id, t: randomUUID() }), parsed.signature);
    expect(verifiesWith(bundle.publicKey, forged)).toBe(false);
  });

  it('is 404 for anyone who does not take part, the organiser included', async () => {
    const { organiser, event } = await eventWith(1);
    for (const as of [organiser, await person()]) {
      const response = await request(app(), 'GET', `/api/users/me/participations/${event.id}/ticket`, as);
      expect(response.statusCode).toBe(404);
    }
    expect((await request(app(), 'GET', `/api/users/me/participations/${randomUUID()}/ticket`, organiser)).statusCode).toBe(404);
    expect((await request(app(), 'GET', `/api/users/me/participations/${event.id}/ticket`)).statusCode).toBe(401);
  });

  it('is revoked when the participant leaves: listed in the bundle, refused at the door; joining again gives a new ticket', async () => {
    const { organiser, event, participants } = await eventWith(2);
    const [leaver, stayer] = participants as [Identity, Identity];
    const old = await ticketOf(event.id, leaver);
    expect((await request(app(), 'DELETE', `/api/events/${event.id}/participants/me`, leaver)).statusCode).toBe(200);
    expect((await request(app(), 'GET', `/api/users/me/participations/${event.id}/ticket`, leaver)).statusCode).toBe(404);

    const bundle = await bundleOf(event.id, organiser);
    expect(bundle.revoked).toEqual([old.ticketId]);
    expect(bundle.tickets.map((ticket) => ticket.ticketId)).toEqual([(await ticketOf(event.id, stayer)).ticketId]);
    const { results } = await send(event.id, organiser, [scan(old.qr), scan(old.ticketId)]);
    expect(results.map((result) => result.status)).toEqual(['unknown', 'unknown']);
    expect(results[0]).toMatchObject({ ticketId: null, name: null, admittedAt: null });

    expect((await request(app(), 'POST', `/api/events/${event.id}/participants`, leaver, {})).statusCode).toBe(200);
    const renewed = await ticketOf(event.id, leaver);
    expect(renewed.ticketId).not.toBe(old.ticketId);
    expect((await send(event.id, organiser, [scan(renewed.qr)])).results[0]?.status).toBe('valid');
  });

  it('is revoked when the account is deleted, and deleting the event removes its door data without error', async () => {
    const { organiser, event, participants } = await eventWith(2);
    const [gone, kept] = participants as [Identity, Identity];
    const goneTicket = await ticketOf(event.id, gone);
    await send(event.id, organiser, [scan((await ticketOf(event.id, kept)).qr)]);
    await app().db.delete(users).where(eq(users.id, gone.user.id));
    expect((await bundleOf(event.id, organiser)).revoked).toEqual([goneTicket.ticketId]);

    await app().db.delete(events).where(eq(events.id, event.id));
    expect(await app().db.select().from(ticketRevocations).where(eq(ticketRevocations.eventId, event.id))).toEqual([]);
    expect(await app().db.select().from(checkInAdmissions).where(eq(checkInAdmissions.eventId, event.id))).toEqual([]);
  });
});

describe('the door’s bundle', () => {
  it('gives the organiser every ticket with its name, the revocations and the counts', async () => {
    const { organiser, event, participants } = await eventWith(3);
    const bundle = await bundleOf(event.id, organiser);
    expect(bundle).toMatchObject({
      eventId: event.id,
      title: event.title,
      isOrganiser: true,
      revoked: [],
      counts: { registered: 3, admitted: 0 },
    });
    const tickets = await Promise.all(participants.map((participant) => ticketOf(event.id, participant)));
    expect(bundle.tickets).toEqual(
      tickets.map((ticket, index) => ({
        ticketId: ticket.ticketId,
        name: `Invité${index} Mbarga`,
        username: participants[index]?.user.username,
        admittedAt: null,
      })),
    );
    const [first] = tickets as [Contract.MyTicket];
    const { results } = await send(event.id, organiser, [scan(first.qr)]);
    const again = await bundleOf(event.id, organiser);
    expect(again.counts).toEqual({ registered: 3, admitted: 1 });
    expect(again.tickets[0]?.admittedAt).toBe(results[0]?.admittedAt);
  });

  it('is 404 for a stranger, a participant and an unknown event; 401 when anonymous or blocked', async () => {
    const { event, participants } = await eventWith(1);
    for (const as of [await person(), participants[0] as Identity]) {
      expect((await request(app(), 'GET', `/api/events/${event.id}/check-in`, as)).statusCode).toBe(404);
      const scans = await request(app(), 'POST', `/api/events/${event.id}/check-in/scans`, as, { scans: [scan(randomUUID())] });
      expect(scans.statusCode).toBe(404);
    }
    const organiser = await person();
    expect((await request(app(), 'GET', `/api/events/${randomUUID()}/check-in`, organiser)).statusCode).toBe(404);
    expect((await request(app(), 'GET', `/api/events/${event.id}/check-in`)).statusCode).toBe(401);
    const blocked = await person();
    const own = await insertEvent(app(), blocked.user.id);
    await app().db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
    expect((await request(app(), 'GET', `/api/events/${own.id}/check-in`, blocked)).statusCode).toBe(401);
  });
});

describe('scans', () => {
  it('answers valid, then already with the first admission’s time, on any entrance; counts the ticket once', async () => {
    const { organiser, event, participants } = await eventWith(2);
    const ticket = await ticketOf(event.id, participants[0] as Identity);
    const first = await send(event.id, organiser, [
      scan(ticket.qr, { entrance: 'Entrée principale', scannedAt: '2026-01-10T19:42:00+01:00' }),
    ]);
    expect(first.results[0]).toEqual({
      scanId: expect.any(String),
      status: 'valid',
      ticketId: ticket.ticketId,
      name: 'Invité0 Mbarga',
      admittedAt: '2026-01-10T18:42:00.000Z',
    });
    expect(first.counts).toEqual({ registered: 2, admitted: 1 });
    // The same ticket at the side door, by QR then by hand: already, at 19:42.
    const later = await send(event.id, organiser, [
      scan(ticket.qr, { entrance: 'Porte de côté' }),
      scan(ticket.ticketId, { entrance: 'Porte de côté' }),
    ]);
    expect(later.results.map((result) => [result.status, result.admittedAt])).toEqual([
      ['already', '2026-01-10T18:42:00.000Z'],
      ['already', '2026-01-10T18:42:00.000Z'],
    ]);
    expect(later.counts).toEqual({ registered: 2, admitted: 1 });
    const stored = await app().db.select().from(checkInScans).where(eq(checkInScans.eventId, event.id));
    expect(stored.map((row) => row.entrance).sort()).toEqual(['Entrée principale', 'Porte de côté', 'Porte de côté']);
    expect((await ticketOf(event.id, participants[0] as Identity)).admittedAt).toBe('2026-01-10T18:42:00.000Z');
  });

  it('admits a ticket ticked by hand (its bare id)', async () => {
    const { organiser, event, participants } = await eventWith(1);
    const ticket = await ticketOf(event.id, participants[0] as Identity);
    const { results } = await send(event.id, organiser, [scan(ticket.ticketId.toUpperCase())]);
    expect(results[0]).toMatchObject({ status: 'valid', ticketId: ticket.ticketId, name: 'Invité0 Mbarga' });
  });

  it('answers unknown for another event’s ticket (QR or id), a forged signature, an unknown id and text that is no ticket', async () => {
    const { organiser, event } = await eventWith(1);
    const other = await eventWith(1);
    const foreign = await ticketOf(other.event.id, other.participants[0] as Identity);
    const parsed = parseTicketQr(foreign.qr);
    if (!parsed) throw new Error('no QR');
    // The other event's ticket id under this event's id, with the other event's signature.
    const moved = ticketQrText(encodeTicketPayload({ e: event.id, t: foreign.ticketId }), parsed.signature);
    const { results, counts } = await send(event.id, organiser, [
      scan(foreign.qr),
      scan(foreign.ticketId),
      scan(moved),
      scan(randomUUID()),
      scan('https://example.cm/pas-un-billet'),
      scan(`EVT1.${parsed.signedPart}.${'A'.repeat(86)}`),
    ]);
    expect(results.map((result) => result.status)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(results.every((result) => result.ticketId === null && result.name === null && result.admittedAt === null)).toBe(true);
    expect(counts).toEqual({ registered: 1, admitted: 0 });
    // The other event's own door still admits it.
    expect((await send(other.event.id, other.organiser, [scan(foreign.qr)])).results[0]?.status).toBe('valid');
  });

  it('answers a retried scan id with its first result and counts it once, in one batch or in two', async () => {
    const { organiser, event, participants } = await eventWith(1);
    const ticket = await ticketOf(event.id, participants[0] as Identity);
    const once = scan(ticket.qr);
    const first = await send(event.id, organiser, [once, once]);
    expect(first.results.map((result) => result.status)).toEqual(['valid', 'valid']);
    const retry = await send(event.id, organiser, [once]);
    expect(retry.results).toEqual([first.results[0]]);
    expect(retry.counts).toEqual({ registered: 1, admitted: 1 });
    const rows = await app()
      .db.select()
      .from(checkInScans)
      .where(and(eq(checkInScans.eventId, event.id), eq(checkInScans.scanId, once.scanId)));
    expect(rows).toHaveLength(1);
    // An unknown stays unknown when retried.
    const bad = scan(randomUUID());
    expect((await send(event.id, organiser, [bad])).results[0]?.status).toBe('unknown');
    expect((await send(event.id, organiser, [bad])).results[0]?.status).toBe('unknown');
  });

  it('admits a ticket once in a batch that holds it twice (the first scan sent), and answers in the order sent', async () => {
    const { organiser, event, participants } = await eventWith(2);
    const [one, two] = (await Promise.all(participants.map((participant) => ticketOf(event.id, participant)))) as [
      Contract.MyTicket,
      Contract.MyTicket,
    ];
    const upper = scan(one.ticketId);
    const { results, counts } = await send(event.id, organiser, [
      scan(two.qr),
      { ...upper, scanId: upper.scanId.toUpperCase() },
      scan(one.qr),
      scan(randomUUID()),
      scan(two.ticketId),
    ]);
    expect(results.map((result) => [result.status, result.ticketId])).toEqual([
      ['valid', two.ticketId],
      ['valid', one.ticketId],
      ['already', one.ticketId],
      ['unknown', null],
      ['already', two.ticketId],
    ]);
    expect(results[1]?.scanId).toBe(upper.scanId);
    expect(counts).toEqual({ registered: 2, admitted: 2 });
    const admissions = await app().db.select().from(checkInAdmissions).where(eq(checkInAdmissions.eventId, event.id));
    expect(admissions.find((row) => row.ticketId === one.ticketId)?.scanId).toBe(upper.scanId);
  });

  it('admits a ticket once when two phones send it at the same moment; the other one reports the double scan', async () => {
    const { organiser, event, participants } = await eventWith(1);
    const helper = await person();
    await request(app(), 'POST', `/api/events/${event.id}/door-helpers`, organiser, { login: helper.user.username });
    const ticket = await ticketOf(event.id, participants[0] as Identity);
    const answers = await Promise.all([
      send(event.id, organiser, [scan(ticket.qr, { entrance: 'A', scannedAt: '2026-01-10T19:40:00Z' })]),
      send(event.id, helper, [scan(ticket.qr, { entrance: 'B', scannedAt: '2026-01-10T19:41:00Z' })]),
    ]);
    const statuses = answers.map((answer) => answer.results[0]?.status).sort();
    expect(statuses).toEqual(['already', 'valid']);
    const admittedAt = answers.map((answer) => answer.results[0]?.admittedAt);
    expect(admittedAt[0]).toBe(admittedAt[1]);
    const rows = await app().db.select().from(checkInAdmissions).where(eq(checkInAdmissions.eventId, event.id));
    expect(rows).toHaveLength(1);
    expect((await bundleOf(event.id, organiser)).counts).toEqual({ registered: 1, admitted: 1 });
  });

  it('stores one result when the same scan id is sent twice at once', async () => {
    const { organiser, event, participants } = await eventWith(1);
    const ticket = await ticketOf(event.id, participants[0] as Identity);
    const once = scan(ticket.qr);
    const answers = await Promise.all([send(event.id, organiser, [once]), send(event.id, organiser, [once])]);
    expect(answers[0]?.results).toEqual(answers[1]?.results);
    expect(answers[0]?.results[0]?.status).toBe('valid');
  });

  it('keeps the phone’s scan time, and takes the server’s time for one from the future', async () => {
    const { organiser, event, participants } = await eventWith(2);
    const [early, future] = await Promise.all(participants.map((participant) => ticketOf(event.id, participant)));
    const before = Date.now();
    const { results } = await send(event.id, organiser, [
      scan((early as Contract.MyTicket).qr, { scannedAt: '2026-01-10T19:05:00+01:00' }),
      scan((future as Contract.MyTicket).qr, { scannedAt: new Date(Date.now() + 3_600_000).toISOString() }),
    ]);
    expect(results[0]?.admittedAt).toBe('2026-01-10T18:05:00.000Z');
    const clamped = Date.parse(results[1]?.admittedAt ?? '');
    expect(clamped).toBeGreaterThanOrEqual(before - 1000);
    expect(clamped).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a body that breaks the contract', async () => {
    const { organiser, event } = await eventWith(0);
    const url = `/api/events/${event.id}/check-in/scans`;
    for (const payload of [
      { scans: [] },
      { scans: [{ ...scan('x'), scanId: 'pas-un-uuid' }] },
      { scans: [{ ...scan('x'), scannedAt: 'hier' }] },
      { scans: [{ ...scan('x'), extra: 1 }] },
      { scans: Array.from({ length: 201 }, () => scan('x')) },
    ]) {
      expect((await request(app(), 'POST', url, organiser, payload)).statusCode).toBe(400);
    }
  });

  it(`limits scan requests per account (${SCAN_REQUESTS_PER_MINUTE} a minute)`, async () => {
    const { organiser, event } = await eventWith(0);
    const url = `/api/events/${event.id}/check-in/scans`;
    const answers: number[] = [];
    for (let index = 0; index <= SCAN_REQUESTS_PER_MINUTE; index++) {
      answers.push((await request(app(), 'POST', url, organiser, { scans: [scan('x')] })).statusCode);
    }
    expect(answers.slice(0, SCAN_REQUESTS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(answers[SCAN_REQUESTS_PER_MINUTE]).toBe(429);
    // Another account is not in that budget.
    const other = await eventWith(0);
    expect(
      (await request(app(), 'POST', `/api/events/${other.event.id}/check-in/scans`, other.organiser, { scans: [scan('x')] }))
        .statusCode,
    ).toBe(200);
  });
});

describe('door helpers', () => {
  it('are invited by username, e-mail or phone in any form, audited, listed, and removed', async () => {
    const { organiser, event } = await eventWith(0);
    const byName = await person();
    const byEmail = await person();
    const byPhone = await person({ phone: '+237677112233' });
    const url = `/api/events/${event.id}/door-helpers`;
    const added: Contract.DoorHelper[] = [];
    for (const login of [byName.user.username?.toUpperCase(), byEmail.user.email, '677 11 22 33']) {
      const response = await request(app(), 'POST', url, organiser, { login });
      expect(response.statusCode, response.body).toBe(201);
      added.push(response.json<Contract.DoorHelper>());
    }
    expect(added.map((helper) => helper.userId)).toEqual([byName.user.id, byEmail.user.id, byPhone.user.id]);
    expect(added[0]).toMatchObject({ name: 'Awa Ngono', username: byName.user.username });
    const listed = await request(app(), 'GET', url, organiser);
    expect(listed.json<Contract.DoorHelpersResponse>().items.map((helper) => helper.userId)).toEqual(
      added.map((helper) => helper.userId),
    );

    const again = await request(app(), 'POST', url, organiser, { login: byEmail.user.email });
    expect(again.statusCode).toBe(409);
    const nobody = await request(app(), 'POST', url, organiser, { login: 'personne_de_ce_nom' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toMatchObject({ message: 'Aucun compte ne correspond' });
    expect((await request(app(), 'POST', url, organiser, { login: organiser.user.username })).statusCode).toBe(400);
    expect((await request(app(), 'POST', url, organiser, { login: '' })).statusCode).toBe(400);

    const removed = await request(app(), 'DELETE', `${url}/${byPhone.user.id}`, organiser);
    expect(removed.statusCode).toBe(200);
    expect((await request(app(), 'DELETE', `${url}/${byPhone.user.id}`, organiser)).statusCode).toBe(404);
    expect((await request(app(), 'GET', `/api/events/${event.id}/check-in`, byPhone)).statusCode).toBe(404);

    const audits = await app().db.select().from(auditLog).where(eq(auditLog.targetId, event.id));
    expect(audits.map((row) => row.action).sort()).toEqual([
      'event.door_helper_add',
      'event.door_helper_add',
      'event.door_helper_add',
      'event.door_helper_remove',
    ]);
  });

  it('may fetch the bundle and scan, but get 404 on managing door helpers; see their door events', async () => {
    const { organiser, event, participants } = await eventWith(1);
    const ended = await insertEvent(app(), organiser.user.id, {
      startDateTime: new Date('2020-01-01T18:00:00Z'),
      endDateTime: new Date('2020-01-01T22:00:00Z'),
    });
    const helper = await person();
    for (const id of [event.id, ended.id]) {
      const response = await request(app(), 'POST', `/api/events/${id}/door-helpers`, organiser, { login: helper.user.username });
      expect(response.statusCode).toBe(201);
    }
    const bundle = await bundleOf(event.id, helper);
    expect(bundle.isOrganiser).toBe(false);
    expect(bundle.tickets).toHaveLength(1);
    const ticket = await ticketOf(event.id, participants[0] as Identity);
    expect((await send(event.id, helper, [scan(ticket.qr)])).results[0]?.status).toBe('valid');

    const url = `/api/events/${event.id}/door-helpers`;
    expect((await request(app(), 'GET', url, helper)).statusCode).toBe(404);
    expect((await request(app(), 'POST', url, helper, { login: (await person()).user.username })).statusCode).toBe(404);
    expect((await request(app(), 'DELETE', `${url}/${helper.user.id}`, helper)).statusCode).toBe(404);
    // Nor the participants list, nor removing a participant (a door helper only scans).
    expect((await request(app(), 'GET', `/api/events/${event.id}/participants`, helper)).statusCode).toBe(404);
    const removal = await request(app(), 'DELETE', `/api/events/${event.id}/participants/${participants[0]?.user.id}`, helper);
    expect(removal.statusCode).toBe(404);
    expect((await bundleOf(event.id, organiser)).counts.registered).toBe(1);
    // A participant and a stranger are no door helpers either.
    for (const as of [participants[0] as Identity, await person()]) {
      expect((await request(app(), 'GET', url, as)).statusCode).toBe(404);
    }

    const doors = await request(app(), 'GET', '/api/users/me/door-events', helper);
    expect(doors.json<Contract.MyDoorEventsResponse>().items).toEqual([
      {
        eventId: event.id,
        title: event.title,
        startDateTime: event.startDateTime.toISOString(),
        endDateTime: event.endDateTime.toISOString(),
      },
    ]);
    const none = await request(app(), 'GET', '/api/users/me/door-events', organiser);
    expect(none.json<Contract.MyDoorEventsResponse>().items).toEqual([]);
  });
});
