import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AnnouncementResponse, AnnouncementsResponse } from '@app/shared/announcements';
import {
  checkInAdmissions,
  eventAnnouncements,
  eventParticipations,
  outboundMessages,
  userNotifications,
  users,
} from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { insertEvent } from '../../../test/factories';
import { type As, createEvent, type Identity, request, signedIn, testAppForFile } from '../../../test/helper';
import { sendDueAnnouncements } from './announcements.job';

/**
 * Announcements (issue 29, decision 067): an organiser writes to their event's participants — all,
 * admitted at the door, not admitted yet — now or later; a scheduled one goes out once.
 */
const testApp = testAppForFile(() => buildTestApp());

const join = async (eventId: string, as: As) =>
  expect((await request(testApp.app, 'POST', `/api/events/${eventId}/participants`, as)).statusCode).toBe(200);

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const announce = (eventId: string, as: As, body: Record<string, unknown>) =>
  request(testApp.app, 'POST', `/api/events/${eventId}/announcements`, as, body);
const listOf = (eventId: string, as: As) =>
  request(testApp.app, 'GET', `/api/events/${eventId}/announcements`, as).then((response) => ok<AnnouncementsResponse>(response));

const announcementsOf = (userId: string) =>
  testApp.app.db
    .select()
    .from(userNotifications)
    .where(and(eq(userNotifications.userId, userId), eq(userNotifications.kind, 'event_announcement')));

const mailsTo = (email: string) => testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, email));

/** Marks the participant admitted at the door, as a scan does. */
async function admit(eventId: string, userId: string) {
  const { db } = testApp.app;
  const [participation] = await db
    .select()
    .from(eventParticipations)
    .where(and(eq(eventParticipations.eventId, eventId), eq(eventParticipations.userId, userId)));
  if (!participation) throw new Error('not a participant');
  await db.insert(checkInAdmissions).values({
    eventId,
    ticketId: participation.ticketId,
    userId,
    scanId: crypto.randomUUID(),
    admittedAt: new Date(),
  });
}

/** An organiser whose earlier event has taken place: links allowed, 10 a day. */
async function seasonedOrganiser(overrides: Parameters<typeof signedIn>[1] = {}): Promise<Identity> {
  const organiser = await signedIn(testApp.app, overrides);
  await insertEvent(testApp.app, organiser.user.id, {
    startDateTime: new Date('2025-01-10T18:00:00Z'),
    endDateTime: new Date('2025-01-10T22:00:00Z'),
  });
  return organiser;
}

async function eventWithPeople(organiser?: Identity) {
  const { app } = testApp;
  const owner = organiser ?? (await seasonedOrganiser({ firstName: 'Odile' }));
  const event = await createEvent(app, owner, { title: 'Festival Ngondo' });
  const first = await signedIn(app, { firstName: 'Awa', email: `awa.${crypto.randomUUID()}@example.cm` });
  const second = await signedIn(app, { firstName: 'Paul', email: `paul.${crypto.randomUUID()}@example.cm` });
  const blocked = await signedIn(app, { firstName: 'Bloqué' });
  for (const person of [first, second, blocked]) await join(event._id, person);
  await app.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));
  return { organiser: owner, event, first, second, blocked };
}

describe('an organiser writes to their participants', () => {
  it('now: each participant (never a blocked account) gets the notification and the e-mail; the list says how many', async () => {
    const { organiser, event, first, second, blocked } = await eventWithPeople();
    const sent = await ok<AnnouncementResponse>(
      await announce(event._id, organiser, { text: '  Les portes ouvrent à 18 h, venez tôt !  ' }),
      201,
    );
    expect(sent.message).toBe('Annonce envoyée');
    expect(sent.announcement).toMatchObject({
      text: 'Les portes ouvrent à 18 h, venez tôt !',
      audience: 'all',
      state: 'sent',
      recipients: 2,
    });

    for (const person of [first, second]) {
      const [notification, ...more] = await announcementsOf(person.user.id);
      expect(more).toHaveLength(0);
      expect(notification?.data).toMatchObject({
        eventTitle: 'Festival Ngondo',
        message: 'Les portes ouvrent à 18 h, venez tôt !',
      });
      const listed = await ok<{ items: { kind: string; text: string; link: string }[] }>(
        await request(testApp.app, 'GET', '/api/users/me/notifications', person),
      );
      expect(listed.items[0]).toMatchObject({
        kind: 'event_announcement',
        text: 'Annonce pour « Festival Ngondo » : Les portes ouvrent à 18 h, venez tôt !',
      });
      expect(listed.items[0]?.link).toMatch(/^\/evenements\//);
      const [mail] = await mailsTo(person.user.email ?? '');
      expect(mail?.subject).toBe('Annonce : « Festival Ngondo »');
      expect(mail?.text).toContain('Les portes ouvrent à 18 h, venez tôt !');
    }
    expect(await announcementsOf(blocked.user.id)).toHaveLength(0);
    expect(await announcementsOf(organiser.user.id)).toHaveLength(0);

    const list = await listOf(event._id, organiser);
    expect(list.items).toEqual([expect.objectContaining({ _id: sent.announcement._id, state: 'sent', recipients: 2 })]);
    expect(list.audienceCounts).toEqual({ all: 2, admitted: 0, not_admitted: 2 });
    expect(list.allowance).toEqual({ used: 1, perDay: 10, linksAllowed: true });
  });

  it('to those admitted at the door, or to those not admitted yet', async () => {
    const { organiser, event, first, second } = await eventWithPeople();
    await admit(event._id, first.user.id);
    expect((await listOf(event._id, organiser)).audienceCounts).toEqual({ all: 2, admitted: 1, not_admitted: 1 });

    const inside = await ok<AnnouncementResponse>(
      await announce(event._id, organiser, { text: 'Le concert commence dans la grande salle.', audience: 'admitted' }),
      201,
    );
    expect(inside.announcement.recipients).toBe(1);
    const late = await ok<AnnouncementResponse>(
      await announce(event._id, organiser, { text: 'Dépêchez-vous, l’entrée ferme à 21 h.', audience: 'not_admitted' }),
      201,
    );
    expect(late.announcement.recipients).toBe(1);
    expect((await announcementsOf(first.user.id)).map((row) => row.data.message)).toEqual([
      'Le concert commence dans la grande salle.',
    ]);
    expect((await announcementsOf(second.user.id)).map((row) => row.data.message)).toEqual([
      'Dépêchez-vous, l’entrée ferme à 21 h.',
    ]);
  });

  it('respects each person’s choice of channels', async () => {
    const { organiser, event, first, second } = await eventWithPeople();
    const saved = await request(testApp.app, 'PUT', '/api/users/me/notification-preferences', first, {
      preferences: [{ kind: 'event_announcement', channel: 'email', enabled: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ok(await announce(event._id, organiser, { text: 'Pensez à votre billet.' }), 201);
    expect(await mailsTo(first.user.email ?? '')).toHaveLength(0);
    expect(await mailsTo(second.user.email ?? '')).toHaveLength(1);
    // The app's notification is always there.
    expect(await announcementsOf(first.user.id)).toHaveLength(1);
  });
});

describe('what is refused, with nothing stored', () => {
  it('bad text, unknown recipients, a time past or too far, a cancelled event, nobody to tell', async () => {
    const { app } = testApp;
    const { organiser, event } = await eventWithPeople();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ text: '   ' }, 400, 'L’annonce ne peut pas être vide'],
      [{ text: 'x'.repeat(1001) }, 400, 'L’annonce doit contenir au plus 1000 caractères'],
      [{ text: 'Voir \u202Egnp.exe' }, 400, 'Le message contient des caractères qui inversent le sens du texte'],
      [{ text: 'Bonjour', audience: 'vip' }, 400, 'Destinataires inconnus : all, admitted ou not_admitted'],
      [{ text: 'Bonjour', sendAt: 'demain' }, 400, 'Date d’envoi invalide'],
      [{ text: 'Bonjour', sendAt: '2020-01-01T10:00:00+01:00' }, 400, 'La date d’envoi doit être dans le futur'],
      [
        { text: 'Bonjour', sendAt: new Date(Date.now() + 31 * 86_400_000).toISOString() },
        400,
        'La date d’envoi doit être dans les 30 prochains jours',
      ],
      [{ text: 'Bonjour', userId: organiser.user.id }, 400, ''],
    ];
    for (const [body, status, message] of refusals) {
      const response = await announce(event._id, organiser, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      if (message) expect(response.json().message).toBe(message);
    }
    const past = await announce(event._id, organiser, { text: 'Bonjour', sendAt: '2020-01-01T10:00:00+01:00' });
    expect(past.json().fieldErrors).toEqual({ sendAt: ['La date d’envoi doit être dans le futur'] });

    // Nobody among those not admitted… once everyone is admitted.
    const empty = await createEvent(app, organiser, { title: 'Salle vide' });
    const nobody = await announce(empty._id, organiser, { text: 'Il y a quelqu’un ?' });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe('Aucun participant ne correspond à ces destinataires');

    const cancelled = await createEvent(app, organiser, { title: 'Annulé' }, 'cancelled');
    const frozen = await announce(cancelled._id, organiser, { text: 'Bonjour' });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().message).toBe('Cet événement est annulé : vous ne pouvez plus écrire à ses participants');

    const stored = await app.db.select().from(eventAnnouncements).where(eq(eventAnnouncements.authorId, organiser.user.id));
    expect(stored).toHaveLength(0);
    expect((await listOf(event._id, organiser)).allowance.used).toBe(0);
  });

  it('someone else’s event answers 404, whoever asks, as an unknown one', async () => {
    const { app } = testApp;
    const { event, first } = await eventWithPeople();
    const stranger = await seasonedOrganiser();
    for (const as of [first, stranger]) {
      for (const response of [
        await request(app, 'GET', `/api/events/${event._id}/announcements`, as),
        await announce(event._id, as, { text: 'Faux message' }),
        await request(app, 'DELETE', `/api/events/${event._id}/announcements/${crypto.randomUUID()}`, as),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Événement introuvable');
      }
    }
    expect((await request(app, 'GET', `/api/events/${event._id}/announcements`, undefined)).statusCode).toBe(401);
    expect(await announcementsOf(first.user.id)).toHaveLength(0);
  });
});

describe('anti-spam', () => {
  it('a new organiser: no links, 2 a day; once an event of theirs has taken place, links and 10 a day', async () => {
    const { app } = testApp;
    const newcomer = await signedIn(app, { firstName: 'Nouvelle' });
    const { event } = await eventWithPeople(newcomer);
    for (const text of ['Promo sur https://promo.example.com', 'Allez sur www.gains.cm', 'Infos : bit.ly/abc', 'Voir promo.cm']) {
      const refused = await announce(event._id, newcomer, { text });
      expect(refused.statusCode, text).toBe(400);
      expect(refused.json().fieldErrors).toEqual({
        text: ['Les liens seront possibles dans vos annonces quand votre premier événement aura eu lieu'],
      });
    }
    // A scheduled one counts; once cancelled, it no longer does.
    const later = await ok<AnnouncementResponse>(
      await announce(event._id, newcomer, {
        text: 'Rendez-vous à 18 h.',
        sendAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      201,
    );
    await ok(await announce(event._id, newcomer, { text: 'Rendez-vous à 19 h.' }), 201);
    const capped = await announce(event._id, newcomer, { text: 'Encore un message.' });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('Vous avez atteint la limite de 2 annonces par 24 heures. Réessayez plus tard.');
    await ok(await request(app, 'DELETE', `/api/events/${event._id}/announcements/${later.announcement._id}`, newcomer));
    await ok(await announce(event._id, newcomer, { text: 'Encore un message.' }), 201);

    // Their first event has taken place: links are welcome, and the allowance grows.
    await insertEvent(app, newcomer.user.id, {
      startDateTime: new Date('2025-02-01T18:00:00Z'),
      endDateTime: new Date('2025-02-01T22:00:00Z'),
    });
    await ok(await announce(event._id, newcomer, { text: 'Les photos : https://photos.example.com/ngondo' }), 201);
    expect((await listOf(event._id, newcomer)).allowance).toEqual({ used: 3, perDay: 10, linksAllowed: true });
  });

  it('two announcements at the same moment both count against the allowance', async () => {
    const { app } = testApp;
    const newcomer = await signedIn(app);
    const { event } = await eventWithPeople(newcomer);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) => announce(event._id, newcomer, { text: `Message ${n}` }).then((response) => response.statusCode)),
    );
    expect(answers.sort()).toEqual([201, 201, 429, 429]);
  });
});

describe('a scheduled announcement', () => {
  const jobDeps = () => ({ db: testApp.app.db, log: testApp.app.log, publicUrl: testApp.app.config.PUBLIC_URL });
  const makeDue = (id: string) =>
    testApp.app.db
      .update(eventAnnouncements)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(eventAnnouncements.id, id));

  it('waits for its time, then goes out once even when several runs of the job meet', async () => {
    const { app } = testApp;
    const { organiser, event, first, second } = await eventWithPeople();
    const scheduled = await ok<AnnouncementResponse>(
      await announce(event._id, organiser, {
        text: 'Demain, parking gratuit au stade.',
        audience: 'all',
        sendAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      }),
      201,
    );
    expect(scheduled).toMatchObject({ message: 'Annonce programmée', announcement: { state: 'scheduled', recipients: null } });
    expect(await sendDueAnnouncements(jobDeps())).toBe(0);
    expect(await announcementsOf(first.user.id)).toHaveLength(0);

    await makeDue(scheduled.announcement._id);
    const runs = await Promise.all([1, 2, 3].map(() => sendDueAnnouncements(jobDeps())));
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    for (const person of [first, second]) expect(await announcementsOf(person.user.id)).toHaveLength(1);
    expect(await mailsTo(first.user.email ?? '')).toHaveLength(1);
    const [listed] = (await listOf(event._id, organiser)).items;
    expect(listed).toMatchObject({ state: 'sent', recipients: 2 });
    expect(await sendDueAnnouncements(jobDeps())).toBe(0);

    // Sent: it cannot be cancelled any more.
    const late = await request(app, 'DELETE', `/api/events/${event._id}/announcements/${scheduled.announcement._id}`, organiser);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Cette annonce est déjà envoyée');
    const unknown = await request(app, 'DELETE', `/api/events/${event._id}/announcements/${crypto.randomUUID()}`, organiser);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Annonce introuvable');
  });

  it('cancelled by the organiser, or its event cancelled meanwhile, it never goes out', async () => {
    const { app } = testApp;
    const { organiser, event, first } = await eventWithPeople();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const dropped = await ok<AnnouncementResponse>(await announce(event._id, organiser, { text: 'Premier.', sendAt: soon }), 201);
    const kept = await ok<AnnouncementResponse>(await announce(event._id, organiser, { text: 'Second.', sendAt: soon }), 201);
    const cancelled = await ok<AnnouncementResponse>(
      await request(app, 'DELETE', `/api/events/${event._id}/announcements/${dropped.announcement._id}`, organiser),
    );
    expect(cancelled).toMatchObject({ message: 'Envoi annulé', announcement: { state: 'cancelled' } });

    await ok(await request(app, 'PUT', `/api/events/${event._id}/cancel`, organiser, { message: 'Pluie.' }));
    await makeDue(dropped.announcement._id);
    await makeDue(kept.announcement._id);
    expect(await sendDueAnnouncements(jobDeps())).toBe(0);
    expect(await announcementsOf(first.user.id)).toHaveLength(0);
    expect((await listOf(event._id, organiser)).items.map((item) => item.state)).toEqual(['cancelled', 'cancelled']);
  });
});
