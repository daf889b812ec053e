import { ACCOUNT_RIGHTS_MESSAGES } from '@app/shared/account';
import { MESSAGES } from '@app/shared/auth';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { TEST_PASSWORD, tokenFor } from '../../../test/factories';
import { createEvent, freshIp, newPhone, request, seededSuperadmin, signedIn, testAppForFile } from '../../../test/helper';
import {
  auditLog,
  contactHolds,
  eventComments,
  eventParticipations,
  events,
  referralSignups,
  sessions,
  users,
} from '../../db/schema/index';
import { newAvatarKey, uploadUrl } from '../uploads/uploads.storage';

/** Issue 27 item 8: 'Supprimer mon compte' (decision 048). */
const testApp = testAppForFile(buildTestApp);

const CONFIRM = { confirmation: 'SUPPRIMER', password: TEST_PASSWORD };

function signIn(identifier: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { 'x-forwarded-for': freshIp() },
    payload: { identifier, password: TEST_PASSWORD },
  });
}

describe('DELETE /api/users/me', () => {
  it('needs SUPPRIMER typed by hand and the password, each refused at its field', async () => {
    const me = await signedIn(testApp.app);
    const lower = await request(testApp.app, 'DELETE', '/api/users/me', me, { ...CONFIRM, confirmation: 'supprimer' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fieldErrors.confirmation).toEqual([ACCOUNT_RIGHTS_MESSAGES.confirmationWrong]);
    const empty = await request(testApp.app, 'DELETE', '/api/users/me', me, { confirmation: '', password: '' });
    expect(empty.json().fieldErrors).toMatchObject({
      confirmation: [ACCOUNT_RIGHTS_MESSAGES.confirmationRequired],
      password: [ACCOUNT_RIGHTS_MESSAGES.passwordRequired],
    });
    const wrong = await request(testApp.app, 'DELETE', '/api/users/me', me, { ...CONFIRM, password: 'Pas-Le-Bon-99' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.password).toEqual([ACCOUNT_RIGHTS_MESSAGES.wrongPassword]);
    const extra = await request(testApp.app, 'DELETE', '/api/users/me', me, { ...CONFIRM, userId: 'x' });
    expect(extra.statusCode).toBe(400);
    expect((await request(testApp.app, 'GET', '/api/users/me', me)).statusCode).toBe(200);
  });

  it('erases the account: token refused at once, sign-in refused, events kept as « Anonyme », participations and comments gone with the counts', async () => {
    const phone = newPhone();
    const me = await signedIn(testApp.app, { phone, firstName: 'Zacharie', lastName: 'Effacé' });
    const laptop = await tokenFor(testApp.app, me.user);
    const other = await signedIn(testApp.app, { firstName: 'Odile', lastName: 'Autre' });
    const mine = await createEvent(testApp.app, me, { title: 'Concert de Zacharie' });
    const draft = await createEvent(testApp.app, me, { title: 'Brouillon de Zacharie' }, 'draft');
    const theirs = await createEvent(testApp.app, other, { title: 'Fête d’Odile' });
    await request(testApp.app, 'POST', `/api/events/${theirs._id}/participants`, me, {});
    await request(testApp.app, 'POST', `/api/events/${theirs._id}/comments`, me, { text: 'Je viendrai' });
    await request(testApp.app, 'PUT', `/api/events/${theirs._id}/like`, me);
    await request(testApp.app, 'POST', `/api/events/${mine._id}/participants`, other, {});
    // A trace of the account in other rows: an admin's audit snapshot, a referrer's copy of its contacts, a hold.
    await testApp.app.db.insert(auditLog).values({
      actorId: null,
      action: 'user.update',
      targetType: 'user',
      targetId: me.user.id,
      before: { email: me.user.email },
      after: { email: me.user.email },
    });
    await testApp.app.db
      .insert(referralSignups)
      .values({ referrerId: other.user.id, kind: 'account', userId: me.user.id, phone });
    await testApp.app.db.insert(contactHolds).values({ contact: phone, heldSince: new Date() });
    // A profile photo on storage.
    const avatarKey = newAvatarKey();
    await testApp.app.storage.put(avatarKey, Buffer.from('RIFF0000WEBP'));
    await testApp.app.db
      .update(users)
      .set({ avatar: uploadUrl(avatarKey) })
      .where(eq(users.id, me.user.id));
    const [before] = await testApp.app.db.select().from(events).where(eq(events.id, theirs._id));
    expect(before).toMatchObject({ participantsCount: 1, commentsCount: 1, likesCount: 1 });

    const deleted = await request(testApp.app, 'DELETE', '/api/users/me', me, CONFIRM);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: ACCOUNT_RIGHTS_MESSAGES.accountDeleted });

    expect(await testApp.app.storage.open(avatarKey)).toBeNull();
    // Both sessions end at once.
    expect((await request(testApp.app, 'GET', '/api/users/me', me)).statusCode).toBe(401);
    expect((await request(testApp.app, 'GET', '/api/users/me', laptop)).statusCode).toBe(401);
    // No identifier signs in any more: 401 with the sign-in's message.
    for (const identifier of [me.user.email as string, phone, me.user.username as string]) {
      const refused = await signIn(identifier);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe(MESSAGES.invalidCredentials);
    }
    // The account's row and its sessions are gone; its contacts are free for a new account.
    expect(await testApp.app.db.select().from(users).where(eq(users.id, me.user.id))).toEqual([]);
    expect(await testApp.app.db.select().from(sessions).where(eq(sessions.userId, me.user.id))).toEqual([]);
    expect(await testApp.app.db.select().from(contactHolds).where(eq(contactHolds.contact, phone))).toEqual([]);
    const [signup] = await testApp.app.db.select().from(referralSignups).where(eq(referralSignups.referrerId, other.user.id));
    expect(signup).toMatchObject({ userId: null, phone: null, email: null });
    // Audit rows stay, without personal data.
    const audit = await testApp.app.db.select().from(auditLog).where(eq(auditLog.targetId, me.user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['user.delete_self', 'user.update']);
    expect(JSON.stringify(audit)).not.toContain(me.user.email as string);
    expect(audit.every((row) => row.before === null && row.after === null)).toBe(true);

    // The published event keeps its page, organised by « Anonyme »; the draft is gone.
    const page = await testApp.app.inject({ method: 'GET', url: mine.publicPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Concert de Zacharie');
    expect(page.body).toContain('<strong>Organisé par :</strong> Anonyme');
    expect(page.body).not.toContain('Zacharie Effacé');
    const detail = await request(testApp.app, 'GET', `/api/events/${mine._id}`, other);
    expect(detail.json().creator).toBeNull();
    expect(await testApp.app.db.select().from(events).where(eq(events.id, draft._id))).toEqual([]);

    // Participations, comments and likes are gone from the other event, and its counts follow.
    const [after] = await testApp.app.db.select().from(events).where(eq(events.id, theirs._id));
    expect(after).toMatchObject({ participantsCount: 0, commentsCount: 0, likesCount: 0 });
    expect(await testApp.app.db.select().from(eventComments).where(eq(eventComments.userId, me.user.id))).toEqual([]);
    expect(await testApp.app.db.select().from(eventParticipations).where(eq(eventParticipations.userId, me.user.id))).toEqual([]);
    const comments = await request(testApp.app, 'GET', `/api/events/${theirs._id}/comments`, other);
    expect(comments.body).not.toContain('Je viendrai');

    // The e-mail is free again: a new account may register with it.
    const again = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: { 'x-forwarded-for': freshIp() },
      payload: {
        username: `revenu_${Date.now().toString(36)}`,
        email: me.user.email,
        password: 'Nouveau-Depart-2026',
        confirmPassword: 'Nouveau-Depart-2026',
        firstName: 'Zacharie',
        lastName: 'Revenu',
      },
    });
    expect(again.statusCode).toBe(201);
  });

  it('a superadmin cannot delete their account (there must be one)', async () => {
    const superadmin = await seededSuperadmin(testApp.app);
    const token = await tokenFor(testApp.app, superadmin);
    const refused = await request(testApp.app, 'DELETE', '/api/users/me', token, {
      confirmation: 'SUPPRIMER',
      password: 'Admin-Passw0rd!',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_RIGHTS_MESSAGES.superadminCannotDelete);
    expect(await testApp.app.db.select({ id: users.id }).from(users).where(eq(users.id, superadmin.id))).toHaveLength(1);
  });

  it('at most 10 tries per account every 15 minutes (the password cannot be guessed from a stolen session)', async () => {
    const me = await signedIn(testApp.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await request(testApp.app, 'DELETE', '/api/users/me', me, { ...CONFIRM, password: `Faux-${i}-mot` })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await request(testApp.app, 'GET', '/api/users/me', me)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await request(testApp.app, 'DELETE', '/api/users/me', undefined, CONFIRM)).statusCode).toBe(401);
  });
});
