import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt } from 'drizzle-orm';
import ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@app/shared/push';
import { buildTestApp } from '../../../test/build-test-app';
import { type As, createEvent, type Identity, request, signedIn, testAppForFile, withSettings } from '../../../test/helper';
import { loadConfig } from '../../config';
import { events, outboundMessages, pushSubscriptions, users } from '../../db/schema/index';
import { cancellationNotice, moveNotice, queueParticipantNotice } from '../events/event-participant-notices';
import type { EventRow } from '../events/events.repository';
import { notifyUser } from '../user-notifications/user-notifications.writes';
import { subscribe } from './push.service';
import { loadVapidKeys } from './vapid-keys';

/**
 * Web Push (decision 062) end to end: a local push service on 127.0.0.1 receives what the outbox
 * posts, and the test decrypts it with the subscription's private key as a browser would.
 */
const testApp = testAppForFile(() => buildTestApp());

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service: answers `status` to every POST and keeps what it received. */
let service: http.Server;
let serviceUrl = '';
const received: Received[] = [];
const statusOf = new Map<string, number>();
const waiting: Array<{ path: string; resolve: (value: Received) => void }> = [];

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      for (const waiter of waiting.filter((item) => item.path === entry.path)) waiter.resolve(entry);
      res.writeHead(statusOf.get(entry.path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  const settings = await testApp.app.settings.get();
  await testApp.app.settings.save({ ...settings, notifications: { ...settings.notifications, pushNotifications: true } }, null);
});
afterAll(async () => {
  await new Promise((resolve) => service.close(resolve));
});

/** A browser's subscription: a fresh P-256 key pair and a 16-byte auth secret, on its own path of the service. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpointPath = `/push/${randomBytes(8).toString('hex')}`;
  return {
    ecdh,
    auth,
    path: endpointPath,
    body: {
      endpoint: `${serviceUrl}${endpointPath}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}
type Device = ReturnType<typeof device>;

async function subscribed(as: As, target: Device = device()): Promise<Device & { id: string }> {
  const response = await request(testApp.app, 'POST', '/api/users/me/push-subscriptions', as, target.body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().message).toBe('Notifications activées sur cet appareil');
  return { ...target, id: response.json()._id };
}

/**
 * Makes the queued pushes due now: between 22:00 and 07:00 Douala a push waits for the end of the
 * quiet hours (tested on its own below), and these tests run at any hour.
 */
async function pushesDueNow(): Promise<void> {
  await testApp.app.db
    .update(outboundMessages)
    .set({ nextAttemptAt: new Date() })
    .where(
      and(
        eq(outboundMessages.channel, 'push'),
        eq(outboundMessages.status, 'pending'),
        gt(outboundMessages.nextAttemptAt, new Date()),
      ),
    );
}

/** Runs the outbox and waits for the push service to receive a push on `target`'s path. */
async function nextPush(target: Device): Promise<Received> {
  const arrived = new Promise<Received>((resolve, reject) => {
    waiting.push({ path: target.path, resolve });
    setTimeout(() => reject(new Error(`no push received on ${target.path}`)), 5000).unref();
  });
  await pushesDueNow();
  await testApp.app.notifications.processDue(100);
  return arrived;
}

const decrypt = (push: Received, target: Device): PushPayload =>
  JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: target.ecdh, authSecret: target.auth }).toString('utf8'));

const pushesTo = (subscriptionId: string) =>
  testApp.app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, subscriptionId));

const join = async (eventId: string, as: Identity) =>
  expect((await request(testApp.app, 'POST', `/api/events/${eventId}/participants`, as)).statusCode).toBe(200);

describe('a notification reaches the devices by Web Push', () => {
  it('a cancellation is encrypted for the device (aes128gcm), signed with the VAPID key, urgent, and leads to the event', async () => {
    const { app } = testApp;
    const keyAnswer = await request(app, 'GET', '/api/push/public-key', undefined);
    expect(keyAnswer.statusCode, keyAnswer.body).toBe(200);
    const { enabled, publicKey } = keyAnswer.json();
    expect(enabled).toBe(true);
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);

    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Festival Ngondo' });
    const person = await signedIn(app);
    await join(event._id, person);
    const phone = await subscribed(person);

    const cancelled = await request(app, 'PUT', `/api/events/${event._id}/cancel`, owner, { message: 'La pluie.' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const push = await nextPush(phone);

    expect(decrypt(push, phone)).toEqual({
      title: 'Évènement annulé',
      body: '« Festival Ngondo » est annulé. Message de l’organisateur : La pluie.',
      url: event.publicPath,
      tag: `event_cancelled:${event._id}`,
      kind: 'event_cancelled',
    });
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.ttl).toBe('86400');

    // Authorization: vapid t=<JWT signed ES256 by the server's key>, k=<its public key>.
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push.headers.authorization ?? '');
    expect(match, push.headers.authorization).not.toBeNull();
    const [, jwt = '', k = ''] = match ?? [];
    expect(k).toBe(publicKey);
    const [header = '', claims = '', signature = ''] = jwt.split('.');
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claimSet = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(claimSet.aud).toBe(serviceUrl);
    expect(claimSet.sub).toMatch(/^mailto:/);
    expect(claimSet.exp * 1000).toBeGreaterThan(Date.now());
    const point = Buffer.from(k, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(signed).toBe(true);

    const [message] = await pushesTo(phone.id);
    expect(message).toMatchObject({ channel: 'push', status: 'sent', attempts: 1 });
    const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, phone.id));
    expect(row?.lastUsedAt).not.toBeNull();
    // The web app tells the subscription again at each visit: its dates stay.
    await subscribed(person, phone);
    const [again] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, phone.id));
    expect(again).toEqual(row);
  });

  it('a device its push service forgot (410) is deleted, and its push failed without retry', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Concert au Stade' });
    const phone = await subscribed(owner);
    statusOf.set(phone.path, 410);
    const awa = await signedIn(app, { firstName: 'Awa', lastName: 'Ndongo' });
    await join(event._id, awa);

    const push = await nextPush(phone);
    // The organiser's own screens, with the gathered count.
    expect(decrypt(push, phone)).toMatchObject({
      title: 'Nouveaux participants',
      body: 'Awa Ndongo participe à « Concert au Stade ».',
      url: `/mon-compte/evenements/${event._id}/participants`,
      kind: 'participant_joined',
    });
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, phone.id))).toEqual([]);
    const [message] = await pushesTo(phone.id);
    expect(message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(message?.lastError).toMatch(/^gone: the push service answered 410/);
    await app.notifications.processDue(100);
    expect(received.filter((item) => item.path === phone.path)).toHaveLength(1);
  });

  it('another error of the push service is retried later', async () => {
    const { app } = testApp;
    const person = await signedIn(app);
    const phone = await subscribed(person);
    statusOf.set(phone.path, 503);
    await app.db.transaction(async (tx) => {
      await notifyUser(tx, {
        userId: person.user.id,
        kind: 'reward_granted',
        data: { rewardType: 'premium_days', rewardValue: 7 },
      });
    });
    const push = await nextPush(phone);
    expect(decrypt(push, phone)).toMatchObject({
      title: 'Récompense accordée',
      body: 'Récompense accordée : 7 jours de Premium.',
      url: '/mon-compte',
    });
    const [message] = await pushesTo(phone.id);
    expect(message).toMatchObject({ status: 'pending', attempts: 1, lastError: 'the push service answered 503' });
    expect(message?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, phone.id))).toHaveLength(1);
  });
});

describe('what holds a push back', () => {
  it('the team’s setting off: nothing is queued, no device may subscribe, and a push already queued is not sent', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Marché des Saveurs' });
    const phone = await subscribed(owner);
    const off = (settings: Awaited<ReturnType<typeof app.settings.get>>) => ({
      notifications: { ...settings.notifications, pushNotifications: false },
    });
    await withSettings(app, off, async () => {
      await join(event._id, await signedIn(app));
      expect(await pushesTo(phone.id)).toEqual([]);
      const key = await request(app, 'GET', '/api/push/public-key', undefined);
      expect(key.json().enabled).toBe(false);
      const refused = await request(app, 'POST', '/api/users/me/push-subscriptions', owner, device().body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Les notifications push sont désactivées par l’équipe');
    });

    // Queued while on, the team turns it off before it leaves.
    await join(event._id, await signedIn(app));
    expect(await pushesTo(phone.id)).toHaveLength(1);
    await withSettings(app, off, async () => {
      await pushesDueNow();
      await app.notifications.processDue(100);
    });
    const [message] = await pushesTo(phone.id);
    expect(message).toMatchObject({ status: 'failed', lastError: 'refused: push notifications are turned off by the team' });
    expect(received.filter((item) => item.path === phone.path)).toEqual([]);
  });

  it('a person who turned push off for a kind gets no push of it, and still of the others', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Atelier Photo' });
    const phone = await subscribed(owner);
    const saved = await request(app, 'PUT', '/api/users/me/notification-preferences', owner, {
      preferences: [{ kind: 'participant_joined', channel: 'push', enabled: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preferences).toContainEqual({ kind: 'event_comment', channel: 'push', enabled: true });

    await join(event._id, await signedIn(app));
    expect(await pushesTo(phone.id)).toEqual([]);
    const comment = await request(app, 'POST', `/api/events/${event._id}/comments`, await signedIn(app), { text: 'Super !' });
    expect(comment.statusCode, comment.body).toBe(201);
    const pushes = await pushesTo(phone.id);
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(pushes[0]?.text ?? '{}').kind).toBe('event_comment');
  });

  it('a blocked account gets no push', async () => {
    const { app } = testApp;
    const person = await signedIn(app);
    const phone = await subscribed(person);
    await app.db.update(users).set({ isBlocked: true }).where(eq(users.id, person.user.id));
    await app.db.transaction(async (tx) => {
      await notifyUser(tx, {
        userId: person.user.id,
        kind: 'reward_granted',
        data: { rewardType: 'premium_days', rewardValue: 3 },
      });
    });
    expect(await pushesTo(phone.id)).toEqual([]);
  });

  it('in the quiet hours a push waits for 07:00 Douala, unless it is a cancellation or the event starts before', async () => {
    const { app } = testApp;
    const owner = await signedIn(app);
    const event = await createEvent(app, owner, { title: 'Veillée' });
    const person = await signedIn(app);
    await join(event._id, person);
    const phone = await subscribed(person);
    const [stored] = await app.db.select().from(events).where(eq(events.id, event._id));
    const at = new Date('2098-05-10T22:30:00Z'); // 23:30 in Douala
    const row = { ...(stored as EventRow), startDateTime: new Date('2098-05-11T10:00:00Z') };
    const early = { ...row, startDateTime: new Date('2098-05-11T05:30:00Z') };
    const url = 'https://evenements.example.cm';
    await app.db.transaction(async (tx) => {
      for (const notice of [
        moveNotice(row, { ...row, city: 'Kribi' }, url, at),
        moveNotice(early, { ...early, city: 'Limbé' }, url, at),
        cancellationNotice(row, null, url, at),
      ]) {
        await queueParticipantNotice(tx, event._id, notice as NonNullable<typeof notice>, { now: at });
      }
    });
    const pushes = (await pushesTo(phone.id)).map((message) => ({
      body: (JSON.parse(message.text) as PushPayload).body,
      at: message.nextAttemptAt.toISOString(),
    }));
    expect(pushes).toHaveLength(3);
    expect(pushes.find((push) => push.body.includes('Kribi'))?.at).toBe('2098-05-11T06:00:00.000Z');
    expect(pushes.find((push) => push.body.includes('Limbé'))?.at).toBe(at.toISOString());
    expect(pushes.find((push) => push.body.includes('annulé'))?.at).toBe(at.toISOString());
  });
});

describe('subscribing and unsubscribing a device', () => {
  it('refuses a plain-HTTP endpoint, malformed keys, and anonymous callers, in French', async () => {
    const { app } = testApp;
    const person = await signedIn(app);
    const good = device().body;
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: 'http://push.example.com/abc' }, 'L’adresse d’abonnement doit commencer par https://'],
      [{ ...good, endpoint: 'pas une adresse' }, 'Adresse d’abonnement invalide'],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        'Clé de chiffrement invalide (p256dh : un point P-256 de 65 octets en base64url)',
      ],
      [
        { ...good, keys: { ...good.keys, auth: randomBytes(12).toString('base64url') } },
        'Secret d’authentification invalide (auth : 16 octets en base64url)',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await request(app, 'POST', '/api/users/me/push-subscriptions', person, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, person.user.id))).toEqual([]);
    expect((await request(app, 'POST', '/api/users/me/push-subscriptions', undefined, good)).statusCode).toBe(401);
  });

  it('in production, only an https push service on a domain name', async () => {
    const deps = { db: testApp.app.db, production: true, pushOn: true };
    const keys = device().body.keys;
    for (const [endpoint, message] of [
      ['http://127.0.0.1:9999/push/x', 'L’adresse d’abonnement doit commencer par https://'],
      ['https://10.0.0.7/push/x', 'Adresse d’abonnement invalide'],
      ['https://intranet/push/x', 'Adresse d’abonnement invalide'],
    ] as const) {
      await expect(subscribe(deps, 'no-user', { endpoint, keys }, undefined)).rejects.toThrow(message);
    }
  });

  it('a person removes their own device, never another person’s; a device signed in again moves to the new account', async () => {
    const { app } = testApp;
    const awa = await signedIn(app);
    const paul = await signedIn(app);
    const phone = await subscribed(awa);
    const again = await subscribed(awa, phone);
    expect(again.id).toBe(phone.id);

    const refused = await request(app, 'DELETE', '/api/users/me/push-subscriptions', paul, { endpoint: phone.body.endpoint });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Abonnement introuvable');
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, phone.id))).toHaveLength(1);

    const removed = await request(app, 'DELETE', '/api/users/me/push-subscriptions', awa, { endpoint: phone.body.endpoint });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Notifications désactivées sur cet appareil');
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, phone.id))).toEqual([]);

    // The same phone, now signed in as Paul.
    const taken = await subscribed(paul, phone);
    const [row] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, taken.id));
    expect(row?.userId).toBe(paul.user.id);
    expect(row?.userAgent).toBe('lightMyRequest');

    // Paul's data export names the device, never its address nor its keys.
    const exported = await request(app, 'GET', '/api/users/me/export', paul);
    expect(exported.statusCode).toBe(200);
    expect(exported.json().pushDevices).toEqual([{ label: 'lightMyRequest', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(exported.body).not.toContain(phone.body.keys.auth);
    expect(exported.body).not.toContain(phone.path);
  });
});

describe('the VAPID keys', () => {
  it('are made once into DATA_DIR (mode 0600) and read back; configured ones win; one without the other is refused', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'equipe@evenements.cm' });
      const first = loadVapidKeys(config);
      expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
      expect(first.subject).toBe('mailto:equipe@evenements.cm');
      expect(fs.statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      expect(loadVapidKeys(config)).toEqual(first);
      const configured = loadVapidKeys(
        loadConfig({
          DATA_DIR: dataDir,
          VAPID_PUBLIC_KEY: 'B'.repeat(87),
          VAPID_PRIVATE_KEY: 'A'.repeat(43),
          VAPID_SUBJECT: 'https://evenements.cm',
        }),
      );
      expect(configured).toEqual({ publicKey: 'B'.repeat(87), privateKey: 'A'.repeat(43), subject: 'https://evenements.cm' });
      expect(() => loadVapidKeys(loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: 'B'.repeat(87) }))).toThrow(/go together/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
