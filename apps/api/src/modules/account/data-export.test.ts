import { ACCOUNT_RIGHTS_MESSAGES } from '@app/shared/account';
import { doualaDate } from '@app/shared/douala-time';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { insertEvent } from '../../../test/factories';
import { createEvent, newPhone, request, signedIn, testAppForFile } from '../../../test/helper';
import { eventComments, eventParticipations, referralSignups } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, EXPORTS_PER_HOUR } from './data-export.routes';

/** Issue 27 item 8: 'Télécharger mes données' (decision 048). */
const testApp = testAppForFile(buildTestApp);

describe('GET /api/users/me/export', () => {
  it('answers a JSON attachment named with the day, of the caller’s data only, without any secret', async () => {
    const me = await signedIn(testApp.app, { phone: newPhone(), firstName: 'Mireille', lastName: 'Export' });
    const other = await signedIn(testApp.app, { phone: newPhone() });
    const mine = await createEvent(testApp.app, me, { title: 'Concert de Mireille' });
    const theirs = await createEvent(testApp.app, other, { title: 'Atelier de l’autre' });
    await createEvent(testApp.app, other, { title: 'Autre soirée privée' });
    expect((await request(testApp.app, 'POST', `/api/events/${theirs._id}/participants`, me, {})).statusCode).toBe(200);
    expect(
      (await request(testApp.app, 'POST', `/api/events/${theirs._id}/comments`, me, { text: 'Mon commentaire' })).statusCode,
    ).toBe(201);
    expect((await request(testApp.app, 'PUT', `/api/events/${theirs._id}/like`, me)).statusCode).toBe(200);
    // The other account joins and comments on my event: none of it is mine.
    await request(testApp.app, 'POST', `/api/events/${mine._id}/participants`, other, {});
    await request(testApp.app, 'POST', `/api/events/${mine._id}/comments`, other, { text: 'Commentaire de l’autre' });
    // Someone I referred: counted, never named.
    await testApp.app.db
      .insert(referralSignups)
      .values({ referrerId: me.user.id, kind: 'waitlist', email: 'filleul.secret@exemple.cm', phone: '+237699887766' });

    const response = await request(testApp.app, 'GET', '/api/users/me/export', me);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mes-donnees-${doualaDate(new Date())}.json"`);
    expect(response.headers['cache-control']).toContain('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({
      id: me.user.id,
      firstName: 'Mireille',
      email: me.user.email,
      phone: me.user.phone,
      referralCode: me.user.referralCode,
    });
    expect(data.sessions).toHaveLength(1);
    expect(data.events.map((event: { title: string }) => event.title)).toEqual(['Concert de Mireille']);
    expect(data.participations).toEqual([expect.objectContaining({ eventId: theirs._id, eventTitle: 'Atelier de l’autre' })]);
    expect(data.comments).toEqual([expect.objectContaining({ eventId: theirs._id, text: 'Mon commentaire' })]);
    expect(data.likes).toEqual([expect.objectContaining({ eventId: theirs._id })]);
    expect(data.referrals.signups).toEqual([expect.objectContaining({ kind: 'waitlist' })]);

    // No secret and nothing of anyone else.
    const text = response.body;
    for (const secret of [
      me.user.passwordHash,
      me.token,
      mine.shareToken,
      'passwordHash',
      'tokenHash',
      'codeHash',
      'shareToken',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const foreign of [other.user.email as string, other.user.phone as string, other.user.id, 'Commentaire de l’autre']) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain('filleul.secret@exemple.cm');
    expect(text).not.toContain('699887766');
  });

  it('pages through thousands of rows: every row once, in one valid document', async () => {
    const me = await signedIn(testApp.app);
    const organiser = await signedIn(testApp.app);
    const count = EXPORT_PAGE_SIZE * 2 + 7;
    const eventIds: string[] = [];
    for (let i = 0; i < 40; i++) eventIds.push((await insertEvent(testApp.app, organiser.user.id, { status: 'published' })).id);
    await testApp.app.db
      .insert(eventComments)
      .values(
        Array.from({ length: count }, (_, i) => ({ eventId: eventIds[i % 40] as string, userId: me.user.id, text: `n°${i}` })),
      );
    await testApp.app.db.insert(eventParticipations).values(eventIds.map((eventId) => ({ eventId, userId: me.user.id })));
    const response = await request(testApp.app, 'GET', '/api/users/me/export', me);
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.comments).toHaveLength(count);
    expect(new Set(data.comments.map((comment: { text: string }) => comment.text)).size).toBe(count);
    expect(data.participations).toHaveLength(40);
  });

  it(`allows ${EXPORTS_PER_HOUR} exports per account an hour, then 429 with the message`, async () => {
    const me = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    for (let i = 0; i < EXPORTS_PER_HOUR; i++) {
      expect((await request(testApp.app, 'GET', '/api/users/me/export', me)).statusCode).toBe(200);
    }
    const refused = await request(testApp.app, 'GET', '/api/users/me/export', me);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ACCOUNT_RIGHTS_MESSAGES.exportLimit);
    // Per account: another account is not held back.
    expect((await request(testApp.app, 'GET', '/api/users/me/export', other)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await request(testApp.app, 'GET', '/api/users/me/export')).statusCode).toBe(401);
  });
});
