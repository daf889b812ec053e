import fs from 'node:fs';
import path from 'node:path';
import { PROFILE_MESSAGES } from '@app/shared/profile';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { bearer, createUser } from '../../../test/factories';
import { type Identity, request, signedIn, testAppForFile } from '../../../test/helper';
import { auditLog, users } from '../../db/schema/index';

const testApp = testAppForFile(buildTestApp);
const suffix = () => Math.random().toString(16).slice(2, 8);

function photoForm(as: Identity, data: Buffer, name = 'photo.jpg', field = 'avatar') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(as.token) } };
}

const upload = (as: Identity, data: Buffer, name?: string, field?: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/users/me/avatar', ...photoForm(as, data, name, field) });

const storedPath = (avatar: string) => path.join(testApp.dataDir, 'uploads', avatar.split('/').pop() as string);

async function lastAudit(userId: string, action: string) {
  const [row] = await testApp.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

describe('the profile’s fields (issue 27 item 8)', () => {
  it('reads and changes the account’s own names, username and city, audited with before and after', async () => {
    const me = await signedIn(testApp.app, { firstName: 'Awa', lastName: 'Ngono' });
    const read = await request(testApp.app, 'GET', '/api/users/me/profile', me);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      profile: { firstName: 'Awa', lastName: 'Ngono', username: me.user.username, city: null, avatar: null },
    });
    const username = `awa.ngono_${suffix()}`;
    const saved = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, {
      firstName: '  Awa Marie ',
      lastName: 'Ngono Ebode',
      username,
      city: ' Douala ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      message: PROFILE_MESSAGES.saved,
      profile: { firstName: 'Awa Marie', lastName: 'Ngono Ebode', username, city: 'Douala', avatar: null },
    });
    const [row] = await testApp.app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.usernameSkeletons.length).toBeGreaterThan(0);
    expect(row?.usernameSkeletons).not.toEqual(me.user.usernameSkeletons);
    const audit = await lastAudit(me.user.id, 'user.update_profile');
    expect(audit).toMatchObject({
      targetType: 'user',
      targetId: me.user.id,
      before: { firstName: 'Awa', lastName: 'Ngono', username: me.user.username, city: null },
      after: { firstName: 'Awa Marie', lastName: 'Ngono Ebode', username, city: 'Douala' },
    });
    // The new username signs in; an empty city clears it; one field at a time is enough.
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { identifier: username, password: 'Correct-Horse-42' },
    });
    expect(login.statusCode).toBe(200);
    const cleared = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, { city: '' });
    expect(cleared.json().profile).toMatchObject({ city: null, firstName: 'Awa Marie' });
  });

  it('applies the sign-up rules, with a French message at each field', async () => {
    const me = await signedIn(testApp.app);
    const bad = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, {
      firstName: ' ',
      lastName: 'x'.repeat(61),
      username: 'a b',
      city: 'y'.repeat(101),
    });
    expect(bad.statusCode).toBe(400);
    const { fieldErrors } = bad.json() as { fieldErrors: Record<string, string[]> };
    expect(fieldErrors.firstName).toEqual(['Prénom requis']);
    expect(fieldErrors.lastName).toEqual(['Nom : 60 caractères au maximum']);
    expect(fieldErrors.username?.[0]).toContain('ne peut contenir que des lettres');
    expect(fieldErrors.city).toEqual([PROFILE_MESSAGES.cityTooLong]);
    // Mixed alphabets, as at sign-up.
    const mixed = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, { username: 'pаypal' });
    expect(mixed.json().fieldErrors.username[0]).toContain('mélanger plusieurs alphabets');
    // Nothing sent, or a field the profile does not have (an e-mail, a role): refused.
    expect((await request(testApp.app, 'PATCH', '/api/users/me/profile', me, {})).statusCode).toBe(400);
    const extra = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, { firstName: 'Awa', role: 'superadmin' });
    expect(extra.statusCode).toBe(400);
    const [row] = await testApp.app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ role: 'user', firstName: me.user.firstName, lastName: me.user.lastName });
    // English answers for English readers.
    const english = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/users/me/profile',
      headers: { ...bearer(me.token), 'accept-language': 'en' },
      payload: { firstName: '' },
    });
    expect(english.json().fieldErrors.firstName).toEqual(['First name required']);
  });

  it('refuses a username taken by another account, in any case or as a look-alike, with a message at the field', async () => {
    const taken = `mboa_${suffix()}`;
    await createUser(testApp.app, { username: taken });
    const me = await signedIn(testApp.app);
    for (const attempt of [taken, taken.toUpperCase(), taken.replace('m', 'rn')]) {
      const response = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, { username: attempt, city: 'Yaoundé' });
      expect(response.statusCode, attempt).toBe(409);
      expect(response.json().fieldErrors).toEqual({ username: [PROFILE_MESSAGES.usernameTaken] });
    }
    // Nothing was written: the city of the refused request neither.
    const [row] = await testApp.app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ username: me.user.username, city: null });
    const english = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/users/me/profile',
      headers: { ...bearer(me.token), 'accept-language': 'en' },
      payload: { username: taken },
    });
    expect(english.json().fieldErrors.username).toEqual(['This username is already in use']);
  });

  it('keeps one’s own username, or changes only its case: one’s own row never counts as taken', async () => {
    const me = await signedIn(testApp.app, { username: `kamga_${suffix()}` });
    const same = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, {
      username: me.user.username,
      firstName: 'Paul',
    });
    expect(same.statusCode).toBe(200);
    const upper = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, {
      username: (me.user.username as string).toUpperCase(),
    });
    expect(upper.statusCode).toBe(200);
    expect(upper.json().profile.username).toBe((me.user.username as string).toUpperCase());
  });

  it('only ever reaches the signed-in account: no path names another, a second account is untouched', async () => {
    const me = await signedIn(testApp.app);
    const other = await signedIn(testApp.app, { firstName: 'Jean' });
    await request(testApp.app, 'PATCH', '/api/users/me/profile', me, { firstName: 'Changé' });
    expect((await request(testApp.app, 'GET', '/api/users/me/profile', other)).json().profile.firstName).toBe('Jean');
    // An id in the body is not a field of the profile.
    const sneaky = await request(testApp.app, 'PATCH', '/api/users/me/profile', me, { id: other.user.id, firstName: 'X' });
    expect(sneaky.statusCode).toBe(400);
    expect((await request(testApp.app, 'GET', `/api/users/${other.user.id}/profile`, me)).statusCode).toBe(404);
  });

  it('answers 401 without a session, and to a blocked or unverified account', async () => {
    expect((await request(testApp.app, 'GET', '/api/users/me/profile')).statusCode).toBe(401);
    expect((await request(testApp.app, 'PATCH', '/api/users/me/profile', undefined, { firstName: 'A' })).statusCode).toBe(401);
    expect((await request(testApp.app, 'DELETE', '/api/users/me/avatar')).statusCode).toBe(401);
    const blocked = await signedIn(testApp.app, { isBlocked: true });
    const unverified = await signedIn(testApp.app, { isVerified: false });
    for (const as of [blocked, unverified]) {
      expect((await request(testApp.app, 'GET', '/api/users/me/profile', as)).statusCode).toBe(401);
      expect((await request(testApp.app, 'PATCH', '/api/users/me/profile', as, { firstName: 'Changé' })).statusCode).toBe(401);
      const photo = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      expect((await upload(as, photo, 'a.png')).statusCode).toBe(401);
      const [row] = await testApp.app.db.select().from(users).where(eq(users.id, as.user.id));
      expect(row).toMatchObject({ firstName: as.user.firstName, avatar: null });
    }
  });
});

describe('the profile photo', () => {
  it('re-encodes a real photo into one square WebP, serves it, replaces it and removes the old file', async () => {
    const me = await signedIn(testApp.app);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 20 } } })
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS secret' } } })
      .jpeg()
      .toBuffer();
    const first = await upload(me, photo);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(PROFILE_MESSAGES.avatarSaved);
    const avatar: string = first.json().profile.avatar;
    expect(avatar).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-avatar\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 384, height: 384 });
    expect(metadata.exif).toBeUndefined();
    // What /users/me and every screen read.
    expect((await request(testApp.app, 'GET', '/api/users/me', me)).json().user.avatar).toBe(avatar);
    expect(await lastAudit(me.user.id, 'user.avatar')).toMatchObject({ before: { avatar: null }, after: { avatar } });

    const png = await sharp({ create: { width: 120, height: 300, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const second = await upload(me, png, 'portrait.png');
    const replaced: string = second.json().profile.avatar;
    expect(replaced).not.toBe(avatar);
    expect(fs.existsSync(storedPath(replaced))).toBe(true);
    expect(fs.existsSync(storedPath(avatar))).toBe(false);
    expect(await sharp(storedPath(replaced)).metadata()).toMatchObject({ width: 384, height: 384 });

    const removed = await request(testApp.app, 'DELETE', '/api/users/me/avatar', me);
    expect(removed.json()).toMatchObject({ message: PROFILE_MESSAGES.avatarRemoved, profile: { avatar: null } });
    expect(fs.existsSync(storedPath(replaced))).toBe(false);
    expect(await lastAudit(me.user.id, 'user.avatar.remove')).toMatchObject({ before: { avatar: replaced } });
    const again = await request(testApp.app, 'DELETE', '/api/users/me/avatar', me);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PROFILE_MESSAGES.noAvatar);
  });

  it('refuses what is not an image, another field, or no file, and keeps the photo it had', async () => {
    const me = await signedIn(testApp.app);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const avatar: string = (await upload(me, png, 'a.png')).json().profile.avatar;
    const text = await upload(me, Buffer.from('pas une image\n'.repeat(50)), 'faux.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json().fieldErrors.avatar[0]).toContain('n’est pas une image valide');
    const wrongField = await upload(me, png, 'a.png', 'images');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fieldErrors.avatar).toEqual([PROFILE_MESSAGES.avatarRequired]);
    const json = await request(testApp.app, 'POST', '/api/users/me/avatar', me, { avatar: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await request(testApp.app, 'GET', '/api/users/me/profile', me)).json().profile.avatar).toBe(avatar);
    expect(fs.existsSync(storedPath(avatar))).toBe(true);
  });

  it('leaves an outside address of an older account alone when the photo changes', async () => {
    const me = await signedIn(testApp.app);
    await testApp.app.db.update(users).set({ avatar: 'https://exemple.cm/photo.jpg' }).where(eq(users.id, me.user.id));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#335599' } })
      .png()
      .toBuffer();
    const saved = await upload(me, png, 'a.png');
    expect(saved.statusCode).toBe(200);
    expect(await lastAudit(me.user.id, 'user.avatar')).toMatchObject({ before: { avatar: 'https://exemple.cm/photo.jpg' } });
  });

  it('counts the uploads per account: the 21st within the hour answers 429, another account still uploads', async () => {
    const me = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#777777' } })
      .png()
      .toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await upload(me, png, 'a.png')).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect((await upload(other, png, 'a.png')).statusCode).toBe(200);
  });
});
