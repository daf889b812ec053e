import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserNotification, UserNotificationsResponse } from '@app/shared/user-notifications';
import { events, outboundMessages, userNotifications, users } from '../../db/schema/index';
import { cancellationNotice, moveNotice, queueParticipantNotice } from '../events/event-participant-notices';

type Notice = ReturnType<typeof cancellationNotice>;
import type { EventRow } from '../events/events.repository';
import { buildTestApp } from '../../../test/build-test-app';
import { type As, createEvent, injectAs, request, signedIn, testAppForFile, withSettings } from '../../../test/helper';
import { sendEventReminders } from './event-reminders.job';

/**
 * A person's notifications (issue 29, decision 060): written with what they tell, listed newest
 * first with their sentence and link, counted for the bell, marked read; reminders sent once.
 */
const testApp = testAppForFile(() => buildTestApp());

async function notificationsOf(as: As, page = 1, language = 'fr'): Promise<UserNotificationsResponse> {
  const response = await injectAs(testApp.app, as, {
    method: 'GET',
    url: `/api/users/me/notifications?page=${page}`,
    headers: { 'accept-language': language },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const join = async (eventId: string, as: As) =>
  expect((await request(testApp.app, 'POST', `/api/events/${eventId}/participants`, as)).statusCode).toBe(200);

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('the organiser hears who joined and who commented', () => {
  it('gathers the joins of one event in one unread notification, names the latest, never tells the organiser of their own acts', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Nuit du Bikutsi' });
    await join(event._id, owner);
    expect((await notificationsOf(owner)).items).toEqual([]);

    const awa = await signedIn(app, { firstName: 'Awa', lastName: 'Ndongo' });
    await join(event._id, awa);
    let list = await notificationsOf(owner);
    expect(list.unread).toBe(1);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'participant_joined',
      text: 'Awa Ndongo participe à « Nuit du Bikutsi ».',
      link: `/mon-compte/evenements/${event._id}/participants`,
      eventId: event._id,
      count: 1,
      readAt: null,
    });

    const paul = await signedIn(app, { firstName: 'Paul', lastName: 'Biya' });
    const marie = await signedIn(app, { firstName: 'Marie', lastName: 'Essomba' });
    await join(event._id, paul);
    await join(event._id, marie);
    list = await notificationsOf(owner);
    expect(list.unread).toBe(1);
    expect(list.items[0]?.text).toBe('Marie Essomba et 2 autres personnes participent à « Nuit du Bikutsi ».');
    expect((await notificationsOf(owner, 1, 'en')).items[0]?.text).toBe('Marie Essomba and 2 others joined « Nuit du Bikutsi ».');

    // Once read, the next join starts a new notification.
    const first = list.items[0] as UserNotification;
    const read = await request(app, 'PUT', `/api/users/me/notifications/${first._id}/read`, owner);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ message: 'Notification lue', unread: 0 });
    await join(event._id, await signedIn(app, { firstName: 'Jean', lastName: 'Mbarga' }));
    list = await notificationsOf(owner);
    expect(list.items.map((item) => [item.text, item.readAt === null])).toEqual([
      ['Jean Mbarga participe à « Nuit du Bikutsi ».', true],
      ['Marie Essomba et 2 autres personnes participent à « Nuit du Bikutsi ».', false],
    ]);

    // Comments: their own notification, leading to the comments screen.
    const comment = await request(app, 'POST', `/api/events/${event._id}/comments`, awa, { text: 'Hâte d’y être !' });
    expect(comment.statusCode, comment.body).toBe(201);
    await request(app, 'POST', `/api/events/${event._id}/comments`, owner, { text: 'Merci à vous !' });
    list = await notificationsOf(owner);
    expect(list.items[0]).toMatchObject({
      kind: 'event_comment',
      text: 'Awa Ndongo a commenté « Nuit du Bikutsi ».',
      link: `/mon-compte/evenements/${event._id}/commentaires`,
    });
    expect(list.unread).toBe(2);
  });
});

describe('participants hear what changed', () => {
  it('a move and a cancellation reach every participant but a blocked one, with the page (and its share link when private)', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, {
      title: 'Salon du Livre',
      isPublic: false,
      startDateTime: '2099-03-10T10:00:00+01:00',
      endDateTime: '2099-03-10T18:00:00+01:00',
      location: { address: 'Palais des Congrès', city: 'Yaoundé' },
    });
    const awa = await signedIn(app);
    const blocked = await signedIn(app);
    for (const person of [awa, blocked]) {
      const joined = await request(app, 'POST', `/api/events/${event._id}/participants`, person, {
        shareToken: event.shareToken,
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    await app.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));

    const moved = await request(app, 'PUT', `/api/events/${event._id}`, owner, {
      location: { address: 'Hôtel de Ville', city: 'Douala' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await request(app, 'PUT', `/api/events/${event._id}/cancel`, owner, { message: 'Report en avril.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const list = await notificationsOf(awa);
    expect(list.items.map((item) => item.kind)).toEqual(['event_cancelled', 'event_moved']);
    expect(list.items[0]?.text).toBe('« Salon du Livre » est annulé. Message de l’organisateur : Report en avril.');
    expect(list.items[1]?.text).toBe('« Salon du Livre » change : à Hôtel de Ville, Douala.');
    for (const item of list.items) expect(item.link).toBe(`${event.publicPath}?t=${event.shareToken}`);
    const blockedRows = await app.db.select().from(userNotifications).where(eq(userNotifications.userId, blocked.user.id));
    expect(blockedRows).toEqual([]);

    // Once they no longer take part, the private event's share link is not given any more.
    expect((await request(app, 'DELETE', `/api/events/${event._id}/participants/me`, awa)).statusCode).toBe(200);
    expect((await notificationsOf(awa)).items.map((item) => item.link)).toEqual([null, null]);
  });
});

describe('the list, the bell and reading', () => {
  it('pages newest first, counts the unread, reads one or all; someone else’s or an unknown notification is 404; anonymous is 401', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const reader = await signedIn(app);
    const ids: string[] = [];
    for (let index = 0; index < 22; index += 1) {
      const event = await createEvent(app, owner, { title: `Atelier ${index}` });
      await join(event._id, reader);
      await request(app, 'PUT', `/api/events/${event._id}/cancel`, owner);
      ids.push(event._id);
    }
    const first = await notificationsOf(reader);
    expect(first.items).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.unread).toBe(22);
    expect(first.items[0]?.text).toBe('« Atelier 21 » est annulé.');
    const second = await notificationsOf(reader, 2);
    expect(second.items.map((item) => item.text)).toEqual(['« Atelier 1 » est annulé.', '« Atelier 0 » est annulé.']);
    expect(second.hasMore).toBe(false);

    const count = await request(app, 'GET', '/api/users/me/notifications/unread-count', reader);
    expect(count.json()).toEqual({ unread: 22 });

    const theirs = first.items[0] as UserNotification;
    expect((await request(app, 'PUT', `/api/users/me/notifications/${theirs._id}/read`, owner)).statusCode).toBe(404);
    const unknown = await request(app, 'PUT', '/api/users/me/notifications/00000000-0000-4000-8000-000000000000/read', reader);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Notification introuvable');
    expect((await request(app, 'PUT', '/api/users/me/notifications/pas-un-id/read', reader)).statusCode).toBe(400);

    const all = await request(app, 'PUT', '/api/users/me/notifications/read-all', reader);
    expect(all.json()).toEqual({ message: 'Toutes les notifications sont lues', unread: 0 });
    expect((await notificationsOf(reader)).items.every((item) => item.readAt !== null)).toBe(true);
    // Reading again changes nothing.
    const again = await request(app, 'PUT', `/api/users/me/notifications/${theirs._id}/read`, reader);
    expect(again.json().unread).toBe(0);

    for (const url of ['/api/users/me/notifications', '/api/users/me/notifications/unread-count']) {
      expect((await request(app, 'GET', url)).statusCode).toBe(401);
    }
    expect((await request(app, 'PUT', '/api/users/me/notifications/read-all')).statusCode).toBe(401);
  });
});

describe('reminders before an event', () => {
  it('two hours before, once, even when two instances run the job at the same time', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, {
      title: 'Concert de midi',
      startDateTime: inHours(1.5),
      endDateTime: inHours(3),
    });
    const later = await createEvent(app, owner, { title: 'Concert du soir', startDateTime: inHours(5), endDateTime: inHours(7) });
    const awa = await signedIn(app);
    await join(event._id, awa);
    await join(later._id, awa);
    const deps = { db: app.db, log: app.log, publicUrl: 'https://evenements.example.cm' };
    await Promise.all([sendEventReminders(deps), sendEventReminders(deps)]);
    await sendEventReminders(deps);
    const list = await notificationsOf(awa);
    const reminders = list.items.filter((item) => item.kind === 'event_reminder_soon');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toMatch(
      /^Bientôt : « Concert de midi » commence à \d{1,2} h( \d\d)?, Boulevard du 20 Mai, Yaoundé\.$/,
    );
    expect(reminders[0]?.link).toBe(event.publicPath);
  });

  it('never for a cancelled event; again before a new start', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const cancelled = await createEvent(app, owner, {
      title: 'Concert annulé',
      startDateTime: inHours(1.5),
      endDateTime: inHours(3),
    });
    const moved = await createEvent(app, owner, {
      title: 'Concert déplacé',
      startDateTime: inHours(1.2),
      endDateTime: inHours(3),
    });
    const awa = await signedIn(app);
    await join(cancelled._id, awa);
    await join(moved._id, awa);
    await request(app, 'PUT', `/api/events/${cancelled._id}/cancel`, owner);
    const deps = { db: app.db, log: app.log, publicUrl: 'https://evenements.example.cm' };
    await sendEventReminders(deps);
    const soon = async () =>
      (await notificationsOf(awa)).items.filter((item) => item.kind === 'event_reminder_soon').map((item) => item.eventId);
    expect(await soon()).toEqual([moved._id]);
    // Moved an hour later: reminded again before its new start, once.
    const later = await request(app, 'PUT', `/api/events/${moved._id}`, owner, {
      startDateTime: inHours(1.8),
      endDateTime: inHours(3),
    });
    expect(later.statusCode, later.body).toBe(200);
    await sendEventReminders(deps);
    await sendEventReminders(deps);
    expect(await soon()).toEqual([moved._id, moved._id]);
  });

  it('the day before from 09:00 Douala time, not earlier', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    // Tomorrow (Douala) at 20:00, seen from a fixed "today" far ahead so no other test's event is tomorrow.
    const today = new Date('2098-11-20T07:30:00Z'); // 08:30 in Douala
    const event = await createEvent(app, owner, {
      title: 'Gala de l’Avent',
      startDateTime: '2098-11-21T20:00:00+01:00',
      endDateTime: '2098-11-21T23:00:00+01:00',
    });
    const awa = await signedIn(app);
    await join(event._id, awa);
    const deps = { db: app.db, log: app.log, publicUrl: 'https://evenements.example.cm' };
    await sendEventReminders(deps, today);
    expect((await notificationsOf(awa)).items).toEqual([]);
    await sendEventReminders(deps, new Date('2098-11-20T08:00:00Z')); // 09:00 in Douala
    await sendEventReminders(deps, new Date('2098-11-20T15:00:00Z'));
    const list = await notificationsOf(awa);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.text).toBe('Demain : « Gala de l’Avent », vendredi 21 novembre à 20 h, Yaoundé.');
  });
});

describe('choosing how to be told (decision 061)', () => {
  const mailsTo = async (recipient: string) =>
    (await testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient))).map(
      (row) => row.subject,
    );

  it('every offered channel is on until turned off; a channel a kind does not offer, or an unknown kind, is refused and nothing changes', async () => {
    const { app } = testApp;
    const person = await signedIn(app);
    const read = await request(app, 'GET', '/api/users/me/notification-preferences', person);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().quietHours).toEqual({ from: '22:00', to: '07:00' });
    expect(read.json().preferences).toContainEqual({ kind: 'event_moved', channel: 'sms', enabled: true });
    expect(read.json().preferences.every((item: { enabled: boolean }) => item.enabled)).toBe(true);

    const refused = await request(app, 'PUT', '/api/users/me/notification-preferences', person, {
      preferences: [
        { kind: 'event_moved', channel: 'email', enabled: false },
        { kind: 'participant_joined', channel: 'sms', enabled: false },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Ce canal n’est pas proposé pour ce type de notification');
    const unknown = await request(app, 'PUT', '/api/users/me/notification-preferences', person, {
      preferences: [{ kind: 'spam', channel: 'email', enabled: false }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await request(app, 'GET', '/api/users/me/notification-preferences', person)).json()).toEqual(read.json());

    const saved = await request(app, 'PUT', '/api/users/me/notification-preferences', person, {
      preferences: [
        { kind: 'event_moved', channel: 'email', enabled: false },
        { kind: 'event_moved', channel: 'sms', enabled: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Vos préférences de notification sont enregistrées');
    expect(saved.json().preferences).toContainEqual({ kind: 'event_moved', channel: 'email', enabled: false });
    expect(saved.json().preferences).toContainEqual({ kind: 'event_cancelled', channel: 'email', enabled: true });
    // Turned on again.
    const back = await request(app, 'PUT', '/api/users/me/notification-preferences', person, {
      preferences: [{ kind: 'event_moved', channel: 'sms', enabled: true }],
    });
    expect(back.json().preferences).toContainEqual({ kind: 'event_moved', channel: 'sms', enabled: true });
    expect(back.json().preferences).toContainEqual({ kind: 'event_moved', channel: 'email', enabled: false });
    expect((await request(app, 'GET', '/api/users/me/notification-preferences')).statusCode).toBe(401);
  });

  it('a move reaches by e-mail only those who kept it on, in the app everyone; with the team’s notifyOnEventUpdate off, the app only', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Marché de Noël' });
    const keeps = await signedIn(app);
    const quiet = await signedIn(app);
    for (const person of [keeps, quiet]) await join(event._id, person);
    await request(app, 'PUT', '/api/users/me/notification-preferences', quiet, {
      preferences: [{ kind: 'event_moved', channel: 'email', enabled: false }],
    });
    const moved = await request(app, 'PUT', `/api/events/${event._id}`, owner, {
      location: { address: 'Place de l’Indépendance', city: 'Douala' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await mailsTo(keeps.user.email as string)).toEqual(['Événement modifié : Marché de Noël']);
    expect(await mailsTo(quiet.user.email as string)).toEqual([]);
    expect((await notificationsOf(quiet)).items.map((item) => item.kind)).toEqual(['event_moved']);

    await withSettings(
      app,
      (settings) => ({ notifications: { ...settings.notifications, notifyOnEventUpdate: false } }),
      async () => {
        const again = await request(app, 'PUT', `/api/events/${event._id}`, owner, {
          location: { address: 'Akwa', city: 'Douala' },
        });
        expect(again.statusCode, again.body).toBe(200);
      },
    );
    expect(await mailsTo(keeps.user.email as string)).toEqual(['Événement modifié : Marché de Noël']);
    expect((await notificationsOf(keeps)).items.map((item) => item.kind)).toEqual(['event_moved', 'event_moved']);
  });

  it('an SMS waits for 07:00 Douala in the quiet hours, unless it is a cancellation or the event starts before', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Veillée' });
    const phone = `+2376990${String(Date.now()).slice(-5)}`;
    const person = await signedIn(app, { phone });
    await join(event._id, person);
    const [stored] = await app.db.select().from(events).where(eq(events.id, event._id));
    const at = new Date('2098-05-10T22:30:00Z'); // 23:30 in Douala
    // Within 48 hours of `at`, so the notices go by SMS too: at 11:00 the next day, and at 06:30.
    const row = { ...(stored as EventRow), startDateTime: new Date('2098-05-11T10:00:00Z') };
    const early = { ...row, startDateTime: new Date('2098-05-11T05:30:00Z') };
    const url = 'https://evenements.example.cm';
    await app.db.transaction(async (tx) => {
      await queueParticipantNotice(tx, event._id, moveNotice(row, { ...row, city: 'Kribi' }, url, at) as Notice, { now: at });
      await queueParticipantNotice(tx, event._id, moveNotice(early, { ...early, city: 'Limbé' }, url, at) as Notice, { now: at });
      await queueParticipantNotice(tx, event._id, cancellationNotice(row, null, url, at), { now: at });
    });
    const sms = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, phone));
    expect(sms).toHaveLength(3);
    expect(sms.find((message) => message.text.includes('Kribi'))?.nextAttemptAt.toISOString()).toBe('2098-05-11T06:00:00.000Z');
    expect(sms.find((message) => message.text.includes('Limbé'))?.nextAttemptAt.toISOString()).toBe(at.toISOString());
    expect(sms.find((message) => message.text.startsWith('Annulé'))?.nextAttemptAt.toISOString()).toBe(at.toISOString());
  });

  it('the day before, an e-mail too, unless turned off', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, {
      title: 'Fête de la Musique',
      startDateTime: '2098-06-21T18:00:00+01:00',
      endDateTime: '2098-06-21T23:00:00+01:00',
    });
    const keeps = await signedIn(app);
    const quiet = await signedIn(app);
    for (const person of [keeps, quiet]) await join(event._id, person);
    await request(app, 'PUT', '/api/users/me/notification-preferences', quiet, {
      preferences: [{ kind: 'event_reminder_day', channel: 'email', enabled: false }],
    });
    await sendEventReminders(
      { db: app.db, log: app.log, publicUrl: 'https://evenements.example.cm' },
      new Date('2098-06-20T10:00:00Z'),
    );
    expect(await mailsTo(keeps.user.email as string)).toEqual(['Rappel : « Fête de la Musique » demain']);
    expect(await mailsTo(quiet.user.email as string)).toEqual([]);
    expect((await notificationsOf(quiet)).items.map((item) => item.kind)).toEqual(['event_reminder_day']);
  });
});
