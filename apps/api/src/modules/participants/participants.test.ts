import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { createUser, tokenFor } from '../../../test/factories';
import { createEvent, type Identity, request, saveEventSettings, signedIn, testAppForFile } from '../../../test/helper';
import {
  auditLog,
  eventDailyStats,
  eventParticipations,
  events,
  outboundMessages,
  ticketRevocations,
} from '../../db/schema/index';
import { listParticipants, participationsWhere } from './participants.repository';
import { csvDate } from './participants.service';

/**
 * An event's participants for its organiser (issue 27 item 4, decision 044): the list newest
 * first with its search by name or username (never by contact), removing one (counters, the day's
 * figure, the audit row, the message in the outbox, no joining again), the CSV, the rate limit of
 * the export, and 404 for anyone but the organiser.
 */
const testApp = testAppForFile(() => buildTestApp());

async function organiserWithEvent(title = 'Soirée Makossa à Akwa', overrides = {}) {
  const { app } = testApp;
  await saveEventSettings(app, { maxEventsPerUser: 1000 });
  const owner = await signedIn(app, { firstName: 'Odile', lastName: 'Organisatrice' });
  const event = await createEvent(app, owner, { title, maxParticipants: 500, ...overrides });
  return { owner, event };
}

async function join(eventId: string, who: Identity) {
  const response = await request(testApp.app, 'POST', `/api/events/${eventId}/participants`, who, {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** `count` accounts join, one minute apart (the newest last), straight in the tables. */
async function manyJoin(eventId: string, count: number, namePrefix = 'Personne') {
  const { app } = testApp;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createUser(app, { firstName: namePrefix, lastName: `N${String(i).padStart(3, '0')}` });
    ids.push(user.id);
    await app.db
      .insert(eventParticipations)
      .values({ eventId, userId: user.id, createdAt: new Date(Date.UTC(2026, 10, 1, 8, i)) });
  }
  await app.db
    .update(events)
    .set({ participantsCount: sql`${events.participantsCount} + ${count}` })
    .where(eq(events.id, eventId));
  return ids;
}

describe('the list of participants', () => {
  it('shows name, username, avatar and join time, newest first, with the count over the maximum, 20 a page', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent();
    const ids = await manyJoin(event._id, 22);
    const helene = await signedIn(app, { firstName: 'Hélène', lastName: 'Mbarga', username: 'helene_m' });
    await join(event._id, helene);

    const first = await request(app, 'GET', `/api/events/${event._id}/participants`, owner);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.event).toEqual({
      _id: event._id,
      title: 'Soirée Makossa à Akwa',
      status: 'published',
      participantsCount: 23,
      maxParticipants: 500,
    });
    expect(body).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(body.items).toHaveLength(20);
    expect(body.items[0]).toEqual({
      userId: helene.user.id,
      name: 'Hélène Mbarga',
      username: 'helene_m',
      avatar: null,
      joinedAt: expect.any(String),
    });
    expect(body.items[1]).toMatchObject({ userId: ids[21], name: 'Personne N021' });
    const second = (await request(app, 'GET', `/api/events/${event._id}/participants?page=2`, owner)).json();
    expect(second.items.map((item: { userId: string }) => item.userId)).toEqual([ids[2], ids[1], ids[0]]);
    const beyond = (await request(app, 'GET', `/api/events/${event._id}/participants?page=9`, owner)).json();
    expect(beyond.items).toEqual([]);
  });

  it('searches names and usernames without accents or case, never e-mails or phones', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Concert au Wouri');
    await manyJoin(event._id, 5, 'Jean');
    const helene = await signedIn(app, {
      firstName: 'Hélène',
      lastName: 'Mbarga',
      username: 'reine_du_bikutsi',
      email: 'secret.contact@exemple.cm',
      phone: '+237699001122',
    });
    await join(event._id, helene);

    const search = async (q: string) => {
      const response = await request(app, 'GET', `/api/events/${event._id}/participants?q=${encodeURIComponent(q)}`, owner);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    for (const q of ['helene', 'HÉLÈNE', 'Hélène Mbarga', 'bikutsi', 'mbar']) {
      const found = await search(q);
      expect(
        found.items.map((item: { userId: string }) => item.userId),
        q,
      ).toEqual([helene.user.id]);
      expect(found.total, q).toBe(1);
    }
    for (const q of ['secret.contact', 'exemple.cm', '699001122', 'personne-absente']) {
      const found = await search(q);
      expect(found, q).toMatchObject({ items: [], total: 0 });
    }
    expect((await search('jean')).total).toBe(5);
    // Both ways of searching (chosen from the planner's estimate) find the same participants.
    for (const q of ['helene', 'bikutsi', 'jean', 'secret.contact', '699001122']) {
      const [accounts, walk] = await Promise.all(
        (['accounts', 'walk'] as const).map(async (path) => {
          const rows = await listParticipants(app.db, event._id, participationsWhere(event._id, q, path), {
            limit: 20,
            offset: 0,
          });
          return rows.map((row) => row.userId);
        }),
      );
      expect(accounts, q).toEqual(walk);
    }
    // The participant list of another event does not leak in.
    const other = await organiserWithEvent('Autre soirée');
    await join(other.event._id, await signedIn(app, { firstName: 'Hélène', lastName: 'Autre' }));
    expect((await search('helene')).total).toBe(1);

    const tooLong = await request(app, 'GET', `/api/events/${event._id}/participants?q=${'a'.repeat(101)}`, owner);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.q).toEqual(['Recherche trop longue (100 caractères au plus)']);
    const badPage = await request(app, 'GET', `/api/events/${event._id}/participants?page=0`, owner);
    expect(badPage.json().fieldErrors.page).toEqual(['Numéro de page invalide']);
  });
});

describe('who may read, remove and export', () => {
  it('answers 404 to another organiser, manage_events, a participant, a door helper and for an unknown event; 401 without a valid session', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Gala privé');
    const participant = await signedIn(app);
    await join(event._id, participant);
    const otherOrganiser = (await organiserWithEvent('Son propre gala')).owner;
    const manager = await signedIn(app, { role: 'admin', permissions: ['manage_events'] });
    // A door helper of this very event only scans (issue 27 item 4): no list, no export, no removal.
    const doorHelper = await signedIn(app);
    const added = await request(app, 'POST', `/api/events/${event._id}/door-helpers`, owner, {
      login: doorHelper.user.username,
    });
    expect(added.statusCode, added.body).toBe(201);
    const blocked = await createUser(app, { isBlocked: true });
    const blockedToken = await tokenFor(app, blocked);
    const routes = [
      ['GET', `/api/events/${event._id}/participants`],
      ['GET', `/api/events/${event._id}/participants.csv`],
      ['DELETE', `/api/events/${event._id}/participants/${participant.user.id}`],
    ] as const;
    for (const [method, url] of routes) {
      for (const who of [otherOrganiser, manager, participant, doorHelper]) {
        const response = await request(app, method, url, who);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Événement introuvable' });
      }
      expect((await request(app, method, url)).statusCode).toBe(401);
      expect((await request(app, method, url, blockedToken)).statusCode).toBe(401);
    }
    const unknown = await request(app, 'GET', '/api/events/00000000-0000-4000-8000-000000000000/participants', owner);
    expect(unknown.statusCode).toBe(404);
    // Nothing was removed by the refused calls.
    const list = (await request(app, 'GET', `/api/events/${event._id}/participants`, owner)).json();
    expect(list.total).toBe(1);
  });

  it('refuses an unverified account’s session while verification is required', async () => {
    const { app } = testApp;
    const { event } = await organiserWithEvent('Atelier vérifié');
    const unverified = await createUser(app, { isVerified: false });
    const token = await tokenFor(app, unverified);
    const settings = await app.settings.get();
    await app.settings.save({ ...settings, security: { ...settings.security, requireEmailVerification: true } }, null);
    try {
      const response = await request(app, 'GET', `/api/events/${event._id}/participants`, token);
      expect(response.statusCode).toBe(401);
    } finally {
      await app.settings.save(settings, null);
    }
  });
});

describe('removing a participant', () => {
  it('moves the counters and the day’s figure, audits it, tells the person and keeps them from joining again', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Festival Ngondo');
    const stays = await signedIn(app);
    await join(event._id, stays);
    const removed = await signedIn(app, { firstName: 'Paul', lastName: 'Ebongue', email: 'paul.ebongue@exemple.cm' });
    await join(event._id, removed);
    const [ticket] = await app.db
      .select({ ticketId: eventParticipations.ticketId })
      .from(eventParticipations)
      .where(and(eq(eventParticipations.eventId, event._id), eq(eventParticipations.userId, removed.user.id)));
    const [before] = await app.db.select().from(eventDailyStats).where(eq(eventDailyStats.eventId, event._id));
    expect(before?.participants).toBe(2);

    const response = await request(app, 'DELETE', `/api/events/${event._id}/participants/${removed.user.id}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Participant retiré : il a été prévenu', participantsCount: 1 });

    const [row] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(row?.participantsCount).toBe(1);
    const [after] = await app.db.select().from(eventDailyStats).where(eq(eventDailyStats.eventId, event._id));
    expect(after?.participants).toBe(1);
    const list = (await request(app, 'GET', `/api/events/${event._id}/participants`, owner)).json();
    expect(list.items.map((item: { userId: string }) => item.userId)).toEqual([stays.user.id]);

    // Their ticket no longer opens the door (check-in's revocations, decision 045).
    const revoked = await app.db.select().from(ticketRevocations).where(eq(ticketRevocations.eventId, event._id));
    expect(revoked.map((row) => row.ticketId)).toEqual([ticket?.ticketId]);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'participant.remove'), eq(auditLog.targetId, event._id)));
    expect(audit).toMatchObject({
      actorId: owner.user.id,
      targetType: 'event',
      before: { userId: removed.user.id, joinedAt: expect.any(String) },
      after: { removed: true, participantsCount: 1 },
    });

    const [mail] = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, 'paul.ebongue@exemple.cm'));
    expect(mail?.channel).toBe('email');
    expect(mail?.subject).toContain('vous ne participez plus à « Festival Ngondo »');
    expect(mail?.text).toContain('Bonjour Paul,');
    expect(mail?.text).toContain('Vous avez été retiré de l’évènement « Festival Ngondo » par son organisateur.');

    const again = await request(app, 'POST', `/api/events/${event._id}/participants`, removed, {});
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({
      code: 'REMOVED_BY_ORGANISER',
      message: 'L’organisateur vous a retiré de cet évènement : vous ne pouvez plus y participer',
    });
    const [still] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(still?.participantsCount).toBe(1);

    // Removing them twice: they no longer take part.
    const twice = await request(app, 'DELETE', `/api/events/${event._id}/participants/${removed.user.id}`, owner);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe('Cette personne ne participe pas à cet évènement');
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'participant.remove'));
    expect(audits.filter((entry) => entry.targetId === event._id)).toHaveLength(1);
  });

  it('tells a person without an e-mail by SMS, and refuses the organiser removing themselves', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Marché de Noël');
    const smsOnly = await signedIn(app, { email: null, phone: '+237677001199' });
    await join(event._id, smsOnly);
    const response = await request(app, 'DELETE', `/api/events/${event._id}/participants/${smsOnly.user.id}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    const [sms] = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, '+237677001199'));
    expect(sms?.channel).toBe('sms');
    expect(sms?.text).toContain('Vous avez été retiré de l’évènement « Marché de Noël » par son organisateur.');

    await join(event._id, owner);
    const self = await request(app, 'DELETE', `/api/events/${event._id}/participants/${owner.user.id}`, owner);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain('Me retirer');
  });
});

describe('letting a removed person back (decision 058)', () => {
  it('lists the people removed, most recent first, without contacts; letting one back is audited and they may join again', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Ndolé party');
    const first = await signedIn(app, { firstName: 'Awa', lastName: 'Tchoumi', username: 'awa_t', email: 'awa.t@exemple.cm' });
    const second = await signedIn(app, { firstName: 'Paul', lastName: 'Ngono', username: 'paul_n', phone: '+237699887766' });
    for (const who of [first, second]) {
      await join(event._id, who);
      const removed = await request(app, 'DELETE', `/api/events/${event._id}/participants/${who.user.id}`, owner);
      expect(removed.statusCode, removed.body).toBe(200);
    }

    const listed = await request(app, 'GET', `/api/events/${event._id}/removals`, owner);
    expect(listed.statusCode, listed.body).toBe(200);
    const body = listed.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(body.items).toEqual([
      { userId: second.user.id, name: 'Paul Ngono', username: 'paul_n', avatar: null, removedAt: expect.any(String) },
      { userId: first.user.id, name: 'Awa Tchoumi', username: 'awa_t', avatar: null, removedAt: expect.any(String) },
    ]);
    expect(listed.body).not.toContain('exemple.cm');
    expect(listed.body).not.toContain('699887766');
    const badPage = await request(app, 'GET', `/api/events/${event._id}/removals?page=0`, owner);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().fieldErrors.page).toEqual(['Numéro de page invalide']);

    const readmitted = await request(app, 'DELETE', `/api/events/${event._id}/removals/${first.user.id}`, owner);
    expect(readmitted.statusCode, readmitted.body).toBe(200);
    expect(readmitted.json()).toEqual({ message: 'Personne réautorisée : elle peut de nouveau s’inscrire' });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'participant.readmit'), eq(auditLog.targetId, event._id)));
    expect(audit).toMatchObject({
      actorId: owner.user.id,
      targetType: 'event',
      before: { userId: first.user.id, removedAt: expect.any(String) },
      after: { removed: false },
    });
    const left = (await request(app, 'GET', `/api/events/${event._id}/removals`, owner)).json();
    expect(left.items.map((item: { userId: string }) => item.userId)).toEqual([second.user.id]);
    expect(left.total).toBe(1);

    // Let back: they join again themselves and count; the other one is still refused.
    const again = await join(event._id, first);
    expect(again).toBeTruthy();
    const [row] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(row?.participantsCount).toBe(1);
    const refused = await request(app, 'POST', `/api/events/${event._id}/participants`, second, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REMOVED_BY_ORGANISER');

    // Nobody to let back: 404 with its own message, nothing audited.
    const twice = await request(app, 'DELETE', `/api/events/${event._id}/removals/${first.user.id}`, owner);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ code: 'NOT_FOUND', message: 'Cette personne n’a pas été retirée de cet évènement' });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'participant.readmit'));
    expect(audits.filter((entry) => entry.targetId === event._id)).toHaveLength(1);
    // Removed once more: listed again, refused again.
    expect((await request(app, 'DELETE', `/api/events/${event._id}/participants/${first.user.id}`, owner)).statusCode).toBe(200);
    expect((await request(app, 'GET', `/api/events/${event._id}/removals`, owner)).json().total).toBe(2);
  });

  it('answers 404 to anyone but the organiser, as for an unknown event, and lets nobody back; 401 without a session', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Gala fermé');
    const removed = await signedIn(app);
    await join(event._id, removed);
    expect((await request(app, 'DELETE', `/api/events/${event._id}/participants/${removed.user.id}`, owner)).statusCode).toBe(
      200,
    );
    const otherOrganiser = (await organiserWithEvent('Son gala')).owner;
    const manager = await signedIn(app, { role: 'admin', permissions: ['manage_events'] });
    const doorHelper = await signedIn(app);
    const added = await request(app, 'POST', `/api/events/${event._id}/door-helpers`, owner, { login: doorHelper.user.username });
    expect(added.statusCode, added.body).toBe(201);
    const routes = [
      ['GET', `/api/events/${event._id}/removals`],
      ['DELETE', `/api/events/${event._id}/removals/${removed.user.id}`],
    ] as const;
    for (const [method, url] of routes) {
      for (const who of [otherOrganiser, manager, doorHelper, removed]) {
        const response = await request(app, method, url, who);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Événement introuvable' });
      }
      expect((await request(app, method, url)).statusCode).toBe(401);
    }
    const unknown = await request(app, 'GET', '/api/events/00000000-0000-4000-8000-000000000000/removals', owner);
    expect(unknown.statusCode).toBe(404);
    // Still removed.
    expect((await request(app, 'POST', `/api/events/${event._id}/participants`, removed, {})).statusCode).toBe(403);
  });
});

describe('the CSV export', () => {
  it('is UTF-8 with a BOM for Excel, named after the event, three columns, newest first, no contact and no formula', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Nuit du Bikutsi à Yaoundé');
    const first = await signedIn(app, { firstName: 'Aïssatou', lastName: 'Bello', username: 'aissatou', phone: '+237690112233' });
    await join(event._id, first);
    const formula = await signedIn(app, { firstName: '=HYPERLINK("x")', lastName: 'Test', username: null });
    await join(event._id, formula);
    const noName = await signedIn(app, { firstName: '', lastName: '', username: 'sans_nom' });
    await join(event._id, noName);

    const response = await request(app, 'GET', `/api/events/${event._id}/participants.csv`, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="participants-nuit-du-bikutsi-a-yaounde-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toContain('no-store');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n');
    const joinedAt = async (userId: string) => {
      const [row] = await app.db
        .select()
        .from(eventParticipations)
        .where(and(eq(eventParticipations.eventId, event._id), eq(eventParticipations.userId, userId)));
      return csvDate(row?.createdAt as Date);
    };
    expect(lines).toEqual([
      'Nom;Nom d’utilisateur;Inscrit le',
      `sans_nom;sans_nom;${await joinedAt(noName.user.id)}`,
      `"'=HYPERLINK(""x"") Test";;${await joinedAt(formula.user.id)}`,
      `Aïssatou Bello;aissatou;${await joinedAt(first.user.id)}`,
      '',
    ]);
    expect(await joinedAt(first.user.id)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(response.body).not.toContain('690112233');
    expect(response.body).not.toContain('@');
  });

  it('exports 2,500 participants in batches, every one once', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Grand concert', { maxParticipants: undefined });
    const base = await createUser(app);
    // Straight in the tables: 2,500 accounts joined over time, some at the same instant (the keyset's tie-break).
    await app.db.execute(sql`
      with made as (
        insert into users (first_name, last_name, username, email, password_hash)
        select 'Fan', 'N' || lpad(n::text, 4, '0'), 'fan_' || n, 'fan' || n || '@exemple.cm', ${base.passwordHash}
        from generate_series(1, 2500) as n
        returning id, last_name
      )
      insert into event_participations (event_id, user_id, created_at)
      select ${event._id}, id, timestamp with time zone '2026-11-01 08:00:00+00' + (substr(last_name, 2)::int / 3) * interval '1 second'
      from made`);
    const response = await request(app, 'GET', `/api/events/${event._id}/participants.csv`, owner);
    expect(response.statusCode).toBe(200);
    const rows = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((line) => line.split(';')[1])).size).toBe(2500);
    expect(rows[0]).toMatch(/^Fan N(2499|2500);fan_(2499|2500);/);
    expect(rows[2499]).toMatch(/^Fan N000[12];fan_[12];/);
  });

  it('allows 10 exports in 10 minutes per account, then 429', async () => {
    const { app } = testApp;
    const { owner, event } = await organiserWithEvent('Export limité');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await request(app, 'GET', `/api/events/${event._id}/participants.csv`, owner)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    // Another account's counter is its own.
    const other = await organiserWithEvent('Autre export');
    expect((await request(app, 'GET', `/api/events/${other.event._id}/participants.csv`, other.owner)).statusCode).toBe(200);
  });
});
