import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, events, outboundMessages, users } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { createEvent, request, saveEventSettings, signedIn, testAppForFile } from '../../../test/helper';

/**
 * Running one's event from the organiser space (issue 27 items 3 and 6, decision 038): cancel with
 * a message to the participants, shown on the public page; the organiser deletes (moderates) a
 * comment on their event, audited; someone else's draft stays invisible.
 */
const testApp = testAppForFile(() => buildTestApp({ PUBLIC_URL: 'https://evenements.example.cm' }));

describe('participants are told of a cancellation', () => {
  const sentTo = (recipient: string) =>
    testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient));

  it('by e-mail with the organiser’s message and the page; by SMS too within 48 hours of the start; never a blocked account', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const soon = await createEvent(app, owner, {
      title: 'Gala de Noël',
      startDateTime: new Date(Date.now() + 24 * 3_600_000).toISOString(),
      endDateTime: new Date(Date.now() + 28 * 3_600_000).toISOString(),
    });
    const later = await createEvent(app, owner, {
      title: 'Foire de Pâques',
      startDateTime: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      endDateTime: new Date(Date.now() + 10 * 86_400_000 + 3_600_000).toISOString(),
    });
    const awa = await signedIn(app, { phone: '+237677001122' });
    const paul = await signedIn(app, { phone: '+237699003344' });
    const blocked = await signedIn(app, { phone: '+237655005566' });
    for (const person of [awa, paul, blocked]) {
      for (const event of [soon, later]) {
        expect((await request(app, 'POST', `/api/events/${event._id}/participants`, person)).statusCode).toBe(200);
      }
    }
    await app.db.update(users).set({ isBlocked: true }).where(eq(users.id, blocked.user.id));

    const message = 'La salle est fermée par la mairie.';
    expect((await request(app, 'PUT', `/api/events/${soon._id}/cancel`, owner, { message })).statusCode).toBe(200);
    const [mail] = (await sentTo(awa.user.email as string)).filter((row) => row.subject === 'Événement annulé : Gala de Noël');
    expect(mail?.channel).toBe('email');
    expect(mail?.text).toContain('L’événement « Gala de Noël » prévu le ');
    expect(mail?.text).toContain('Message de l’organisateur :\nLa salle est fermée par la mairie.');
    expect(mail?.text).toContain(`Sa page : https://evenements.example.cm${soon.publicPath}`);
    const sms = await sentTo('+237699003344');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toMatch(/^Annulé : « Gala de Noël » du .+\. La salle est fermée par la mairie\.$/);
    expect(await sentTo(blocked.user.email as string)).toHaveLength(0);
    expect(await sentTo('+237655005566')).toHaveLength(0);

    // Ten days ahead: the e-mail only.
    expect((await request(app, 'PUT', `/api/events/${later._id}/cancel`, owner)).statusCode).toBe(200);
    const mails = await sentTo(paul.user.email as string);
    expect(mails.map((row) => row.subject).sort()).toEqual([
      'Événement annulé : Foire de Pâques',
      'Événement annulé : Gala de Noël',
    ]);
    expect(mails.find((row) => row.subject.includes('Pâques'))?.text).not.toContain('Message de l’organisateur');
    expect(await sentTo('+237699003344')).toHaveLength(1);
  });
});

describe('participants are told of a move', () => {
  const sentTo = (recipient: string) =>
    testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient));

  it('a new date or place by e-mail (by SMS too within 48 hours); a new title tells nobody', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const start = Date.now() + 30 * 86_400_000;
    const event = await createEvent(app, owner, {
      title: 'Salon du livre',
      startDateTime: new Date(start).toISOString(),
      endDateTime: new Date(start + 3_600_000).toISOString(),
      location: { address: 'Rue de la Joie', city: 'Douala' },
    });
    const awa = await signedIn(app, { phone: '+237677009911' });
    expect((await request(app, 'POST', `/api/events/${event._id}/participants`, awa)).statusCode).toBe(200);
    const update = (body: object) => request(app, 'PUT', `/api/events/${event._id}`, owner, body);

    expect((await update({ title: 'Salon du livre 2027' })).statusCode).toBe(200);
    expect(await sentTo(awa.user.email as string)).toHaveLength(0);
    // The form writes whole minutes: the same minute without its seconds is no move.
    const sameMinute = Math.floor(start / 60_000) * 60_000;
    const saved = await update({
      startDateTime: new Date(sameMinute).toISOString(),
      endDateTime: new Date(sameMinute + 3_600_000).toISOString(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await sentTo(awa.user.email as string)).toHaveLength(0);
    expect((await request(app, 'GET', '/api/users/me/notifications', awa)).json().items).toEqual([]);

    expect((await update({ location: { address: 'Palais des congrès', city: 'Yaoundé' } })).statusCode).toBe(200);
    const [moved] = await sentTo(awa.user.email as string);
    expect(moved?.subject).toBe('Événement modifié : Salon du livre 2027');
    expect(moved?.text).toContain('- lieu : Palais des congrès, Yaoundé (au lieu de Rue de la Joie, Douala)');
    expect(moved?.text).not.toContain('- date :');
    const [told] = (await request(app, 'GET', '/api/users/me/notifications', awa)).json().items;
    expect(told.text).toBe('« Salon du livre 2027 » change : à Palais des congrès, Yaoundé.');
    expect(await sentTo('+237677009911')).toHaveLength(0);

    // Brought forward to tomorrow: the SMS too.
    const tomorrow = Date.now() + 86_400_000;
    const closer = await update({
      startDateTime: new Date(tomorrow).toISOString(),
      endDateTime: new Date(tomorrow + 3_600_000).toISOString(),
    });
    expect(closer.statusCode, closer.body).toBe(200);
    const mails = await sentTo(awa.user.email as string);
    expect(mails).toHaveLength(2);
    expect(mails.map((row) => row.text).join('\n')).toMatch(/- date : .+ \(au lieu du .+\)/);
    const sms = await sentTo('+237677009911');
    expect(sms).toHaveLength(1);
    expect(sms[0]?.text).toMatch(/^Changement : « Salon du livre 2027 » le .+\.$/);
  });
});

describe('cancel with a message to the participants', () => {
  it('stores the message, shows it on the public page, refuses more than 500 characters and clears it when reopened', async () => {
    const { app } = testApp;
    await saveEventSettings(app, { maxEventsPerUser: 1000 });
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Concert au Wouri' });

    const tooLong = await request(app, 'PUT', `/api/events/${event._id}/cancel`, owner, { message: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.message).toEqual(['500 caractères au maximum']);

    const message = 'La salle est fermée <b>par la mairie</b>.\nNous reviendrons en janvier.';
    const cancelled = await request(app, 'PUT', `/api/events/${event._id}/cancel`, owner, { message: `  ${message}  ` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Événement annulé',
      event: { status: 'cancelled', cancellationMessage: message },
    });
    const [row] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(row?.cancellationMessage).toBe(message);

    const page = await app.inject({ method: 'GET', url: event.publicPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Annulé — cet évènement a été annulé par son organisateur.');
    // Escaped: the organiser's words, never their markup.
    expect(page.body).toContain(
      'Message de l’organisateur : « La salle est fermée &lt;b&gt;par la mairie&lt;/b&gt;.\nNous reviendrons en janvier. »',
    );
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, event._id), eq(auditLog.action, 'event.cancel')));
    expect(audit?.after).toEqual({ status: 'cancelled', cancellationMessage: message });

    const reopened = await request(app, 'PUT', `/api/events/${event._id}/reopen`, owner);
    expect(reopened.json().event).toMatchObject({ status: 'draft', cancellationMessage: null });
    const [after] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(after?.cancellationMessage).toBeNull();
  });

  it('cancels without a message too: the page shows the banner alone', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Match de gala' }, 'cancelled');
    const page = await app.inject({ method: 'GET', url: event.publicPath });
    expect(page.body).toContain('Annulé — cet évènement a été annulé par son organisateur.');
    expect(page.body).not.toContain('Message de l’organisateur');
  });

  it('answers 404 for the publish, cancel and share link of someone else’s draft', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const stranger = await signedIn(app);
    const draft = await createEvent(app, owner, { title: 'Brouillon secret' }, 'draft');
    for (const [method, url] of [
      ['GET', `/api/events/${draft._id}`],
      ['PUT', `/api/events/${draft._id}/publish`],
      ['PUT', `/api/events/${draft._id}/cancel`],
      ['POST', `/api/events/${draft._id}/share-token`],
      ['GET', `/api/events/${draft._id}/comments`],
    ] as const) {
      const response = await request(app, method, url, stranger);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe("the organiser moderates their event's comments", () => {
  it('deletes a comment on their event (audited as the organiser’s moderation), not on another event', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const reader = await signedIn(app);
    const stranger = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Soirée Makossa' });
    const posted = await request(app, 'POST', `/api/events/${event._id}/comments`, reader, { text: 'Publicité : achetez ici !' });
    expect(posted.statusCode, posted.body).toBe(201);
    const commentId = posted.json().comment._id as string;

    const listed = await request(app, 'GET', `/api/events/${event._id}/comments`, owner);
    expect(listed.json().items.map((item: { _id: string; author: { _id: string } }) => [item._id, item.author._id])).toEqual([
      [commentId, reader.user.id],
    ]);

    const refused = await request(app, 'DELETE', `/api/events/${event._id}/comments/${commentId}`, stranger);
    // Another organiser's attempt reads as an unknown comment (decision 049).
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'Commentaire introuvable' });

    const removed = await request(app, 'DELETE', `/api/events/${event._id}/comments/${commentId}`, owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ message: 'Commentaire supprimé', commentsCount: 0 });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, commentId), eq(auditLog.action, 'comment.remove')));
    expect(audit).toMatchObject({
      actorId: owner.user.id,
      before: { eventId: event._id, authorId: reader.user.id, text: 'Publicité : achetez ici !' },
      after: { moderator: 'organiser' },
    });
    expect((await request(app, 'GET', `/api/events/${event._id}/comments`, owner)).json().items).toEqual([]);

    // The author can be reported through the existing reports API.
    const report = await request(app, 'POST', `/api/users/${reader.user.id}/reports`, owner, { reason: 'spam' });
    expect(report.statusCode, report.body).toBe(201);
  });
});
