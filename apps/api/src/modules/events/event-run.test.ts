import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, events } from '../../db/schema/index';
import { buildTestApp } from '../../../test/build-test-app';
import { createEvent, request, saveEventSettings, signedIn, testAppForFile } from '../../../test/helper';

/**
 * Running one's event from the organiser space (issue 27 items 3 and 6, decision 038): cancel with
 * a message to the participants, shown on the public page; the organiser deletes (moderates) a
 * comment on their event, audited; someone else's draft stays invisible.
 */
const testApp = testAppForFile(() => buildTestApp({ PUBLIC_URL: 'https://evenements.example.cm' }));

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
