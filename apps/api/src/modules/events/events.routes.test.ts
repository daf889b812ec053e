import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CreateEventInput, EVENT_CATEGORIES } from '@app/shared/events';
import type { Settings } from '@app/shared/settings';
import { auditLog, eventImages, events, outboundMessages, users } from '../../db/schema/index';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { holdSends } from '../../../test/held-transport';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createEvent, saveEventSettings, signedIn, superadminToken } from '../../../test/helper';
import { seedDemo } from '../../db/seed-demo';
import type { UserRow } from '../../db/schema/index';

let testApp: TestApp;
let app: FastifyInstance;
let superToken: string;
let organizer: { user: UserRow; token: string };
let other: { user: UserRow; token: string };
let defaults: Settings;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  superToken = await superadminToken(app);
  organizer = await signedIn(app, { firstName: 'Aïcha', lastName: 'Bello' });
  other = await signedIn(app, { firstName: 'Paul', lastName: 'Ndzana' });
  // The organisers here create many events; the limit itself has its own test.
  defaults = await saveEventSettings(app, { maxEventsPerUser: 1000 });
});
afterAll(async () => {
  await testApp.close();
});
afterEach(async () => {
  vi.useRealTimers();
  await app.settings.save(defaults, null);
});

function setEventSettings(events: Partial<Settings['events']>) {
  return app.settings.save({ ...defaults, events: { ...defaults.events, ...events } }, null);
}

function validEvent(overrides: Partial<CreateEventInput> = {}): CreateEventInput {
  return {
    title: 'Festival des Arts de Yaoundé',
    description: 'Musique, danse et artisanat au cœur de la ville.',
    startDateTime: '2027-06-12T18:00:00+01:00',
    endDateTime: '2027-06-12T23:00:00+01:00',
    location: { address: 'Boulevard du 20 Mai', city: 'Yaoundé' },
    category: 'festival',
    ...overrides,
  };
}

interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(data: unknown, files: FilePart[] = [], extraFields: Record<string, string> = {}) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  const fields: Record<string, string> = { ...(data === undefined ? {} : { data: JSON.stringify(data) }), ...extraFields };
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function createMultipart(token: string, data: unknown, files: FilePart[] = [], extraFields = {}) {
  const body = multipart(data, files, extraFields);
  return app.inject({
    method: 'POST',
    url: '/api/events',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function createImages(token: string, id: string) {
  const body = multipart(undefined, [{ name: 'b.png', type: 'image/png', data: await png(40, 30) }]);
  return app.inject({
    method: 'POST',
    url: `/api/events/${id}/images`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload: payload as object | undefined });
}

async function createJson(token: string, overrides: Partial<CreateEventInput> = {}) {
  const response = await call('POST', '/events', token, validEvent(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().event as { _id: string; status: string; title: string };
}

async function png(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 80 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret GPS owner' } } })
    .toBuffer();
}

async function jpeg(width = 2400, height = 1600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Secret GPS owner' } } })
    .toBuffer();
}

function uploadsDir() {
  return path.join(testApp.dataDir, 'uploads');
}

function uploadedFiles(): string[] {
  return fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : [];
}

describe('POST /events (multipart, images)', () => {
  it('accepts a real PNG and JPEG, re-encodes them to WebP in two sizes without metadata, and serves them with long cache', async () => {
    const response = await createMultipart(organizer.token, validEvent(), [
      { name: 'affiche.png', type: 'image/png', data: await png() },
      { name: 'photo.jpg', type: 'image/jpeg', data: await jpeg() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const event = response.json().event;
    expect(event.status).toBe('draft');
    expect(event.images).toHaveLength(2);
    expect(event.creator).toEqual({ name: 'Aïcha Bello' });

    const [first, second] = event.images;
    expect(first.width).toBe(1200);
    expect(second.width).toBe(1600); // the 2400 px JPEG is reduced to the detail size
    for (const url of [first.cardUrl, first.detailUrl, second.cardUrl, second.detailUrl]) {
      expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-(card|detail)\.webp$/);
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.width).toBeLessThanOrEqual(1600);
    }
    const card = await sharp((await app.inject({ method: 'GET', url: second.cardUrl })).rawPayload).metadata();
    expect(card.width).toBe(640);
    // The detail also names the phones' copy, 800 px wide; the lists' cover does not carry it.
    expect(second.mediumUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-medium\.webp$/);
    const medium = await sharp((await app.inject({ method: 'GET', url: second.mediumUrl })).rawPayload).metadata();
    expect(medium.width).toBe(800);
    const listed = (
      await app.inject({ method: 'GET', url: `/api/events?mine=true`, headers: { authorization: `Bearer ${organizer.token}` } })
    ).json();
    const cover = listed.items.find((item: { _id: string }) => item._id === event._id)?.cover;
    expect(cover).toMatchObject({ cardUrl: first.cardUrl });
    expect(cover).not.toHaveProperty('mediumUrl');
    // Internal names only: nothing of 'affiche.png' on disk.
    expect(uploadedFiles().some((file) => file.includes('affiche'))).toBe(false);
    expect(uploadedFiles().filter((file) => file.endsWith('.webp')).length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a text file renamed .png, and writes nothing', async () => {
    const before = uploadedFiles().length;
    const total = (await app.db.select().from(events)).length;
    const response = await createMultipart(organizer.token, validEvent({ title: 'Faux fichier' }), [
      { name: 'notes.png', type: 'image/png', data: Buffer.from('ceci est un texte, pas une image\n'.repeat(20)) },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Le fichier « notes.png » n’est pas une image valide (PNG, JPG, GIF ou WebP)');
    expect(response.json().fieldErrors.images).toBeDefined();
    expect(uploadedFiles().length).toBe(before);
    expect((await app.db.select().from(events)).length).toBe(total);
  });

  it('refuses an image over 10 MB with 413', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await createMultipart(organizer.token, validEvent({ title: 'Trop lourd' }), [
      { name: 'enorme.png', type: 'image/png', data: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Chaque image doit faire 10 Mo au maximum');
  });

  it('refuses more than 10 images', async () => {
    const small = await png(20, 20);
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', data: small }));
    const response = await createMultipart(organizer.token, validEvent({ title: 'Trop d’images' }), files);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('10 images au maximum par événement');
  });

  it('refuses a missing or broken data field, and unknown fields', async () => {
    const missing = await createMultipart(organizer.token, undefined, [], { other: 'x' });
    expect(missing.statusCode).toBe(400);
    const broken = await createMultipart(organizer.token, undefined, [], { data: '{pas du json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('Le champ « data » n’est pas un JSON valide');
    const wrongFile = await createMultipart(organizer.token, validEvent(), [
      { field: 'photo', name: 'a.png', type: 'image/png', data: await png(10, 10) },
    ]);
    expect(wrongFile.statusCode).toBe(400);
  });

  it('refuses control characters in the data field as the JSON body does (400 CONTROL_CHARACTERS), writing nothing', async () => {
    const before = (await app.db.select().from(events)).length;
    const hostile = [
      validEvent({ title: 'Soirée\u0000cachée' }),
      validEvent({ description: 'Texte\u001bavec échappement' }),
      validEvent({ location: { address: 'Rue\u007f', city: 'Douala' } }),
      validEvent({ tags: ['ok', 'mal\u0008'] }),
      validEvent({ ticketTypes: [{ name: 'VIP', price: 0, quantity: 10, description: 'a\u000bb' }] }),
    ];
    for (const data of hostile) {
      const json = await call('POST', '/events', organizer.token, data);
      const form = await createMultipart(organizer.token, data);
      for (const response of [json, form]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'CONTROL_CHARACTERS',
          message: 'Le texte envoyé contient des caractères de contrôle non autorisés',
        });
      }
    }
    // Tab, line feed and carriage return stay allowed in both.
    const fine = await createMultipart(organizer.token, validEvent({ description: 'Ligne 1\r\nLigne 2\tfin' }));
    expect(fine.statusCode, fine.body).toBe(201);
    expect((await app.db.select().from(events)).length).toBe(before + 1);
  });

  it('needs a signed-in account', async () => {
    const response = await call('POST', '/events', undefined, validEvent());
    expect(response.statusCode).toBe(401);
  });
});

/** A small real PNG whose header declares `width` × `height` (its CRC fixed): costly only if decoded. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const data = Buffer.from(await png(4, 4));
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  data.writeUInt32BE(crc32(data.subarray(12, 29)), 29);
  return data;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe('image decoding cost (decision 008)', () => {
  it('refuses a file declaring more than 40 megapixels, and a batch with one bad file, before decoding any', async () => {
    const huge = await pngDeclaring(7000, 7000);
    const before = uploadedFiles().length;
    const started = Date.now();
    const good = await png(1200, 800);
    const batch = Array.from({ length: 8 }, (_, i) => ({ name: `ok-${i}.png`, type: 'image/png', data: good }));
    const withBad = await createMultipart(organizer.token, validEvent(), [
      ...batch,
      { name: 'faux.png', type: 'image/png', data: Buffer.from('pas une image') },
    ]);
    expect(withBad.statusCode).toBe(400);
    expect(withBad.json().message).toBe('Le fichier « faux.png » n’est pas une image valide (PNG, JPG, GIF ou WebP)');
    const withHuge = await createMultipart(organizer.token, validEvent(), [
      ...Array.from({ length: 9 }, (_, i) => ({ name: `grand-${i}.png`, type: 'image/png', data: huge })),
    ]);
    expect(withHuge.statusCode).toBe(400);
    expect(withHuge.json().message).toBe('L’image « grand-0.png » est trop grande (40 mégapixels au maximum)');
    // Headers only: far below the seconds that decoding eight 1200×800 and nine 7000×7000 images takes.
    expect(Date.now() - started).toBeLessThan(2500);
    expect(uploadedFiles().length).toBe(before);
  });

  it('limits image additions per account, whatever the session: 20 per 10 minutes', async () => {
    const owner = await createUser(app);
    const tokens = [await tokenFor(app, owner), await tokenFor(app, owner)];
    const event = await createJson(tokens[0] as string);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const body = multipart(undefined, []);
      const response = await app.inject({
        method: 'POST',
        url: `/api/events/${event._id}/images`,
        headers: { ...bearer(tokens[i % 2] as string), ...body.headers },
        payload: body.payload,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('POST /events validation (form rules and settings)', () => {
  it('applies the default category, price and capacity to a new draft', async () => {
    const response = await call('POST', '/events', organizer.token, validEvent({ title: 'Défauts' }));
    expect(response.statusCode).toBe(201);
    const event = response.json().event;
    expect(event).toMatchObject({
      status: 'draft',
      maxParticipants: 100,
      isPublic: true,
      isHighlighted: false,
      tags: [],
      organizerId: organizer.user.id,
      location: { address: 'Boulevard du 20 Mai', city: 'Yaoundé', country: 'Cameroun', coordinates: null },
      startDateTime: '2027-06-12T17:00:00.000Z',
    });
    expect(event.ticketTypes).toMatchObject([{ name: 'Standard', price: 0, quantity: 100, description: '' }]);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, event._id), eq(auditLog.action, 'event.create')));
    expect(audit).toHaveLength(1);
  });

  const required: [string, Record<string, unknown>, string][] = [
    ['title', { title: '  ' }, 'Le titre est requis'],
    ['description', { description: undefined }, 'La description est requise'],
    ['startDateTime', { startDateTime: undefined }, 'La date et l’heure de début sont requises'],
    ['endDateTime', { endDateTime: '' }, 'La date et l’heure de fin sont requises'],
    ['location.address', { location: { city: 'Douala' } }, 'L’adresse est requise'],
    ['location.city', { location: { address: 'Akwa', city: '' } }, 'La ville est requise'],
    ['category', { category: undefined }, 'Choisissez une catégorie de la liste'],
  ];
  it.each(required)('requires %s', async (field, change, message) => {
    // JSON leaves out the fields set to undefined.
    const body = { ...validEvent(), ...change };
    const response = await call('POST', '/events', organizer.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  const invalid: [string, Partial<CreateEventInput> | Record<string, unknown>, string, string][] = [
    [
      'an end before the start',
      { startDateTime: '2027-06-12T18:00:00+01:00', endDateTime: '2027-06-12T17:00:00+01:00' },
      'endDateTime',
      'La date de fin doit être après la date de début',
    ],
    [
      'an end equal to the start',
      { endDateTime: '2027-06-12T18:00:00+01:00' },
      'endDateTime',
      'La date de fin doit être après la date de début',
    ],
    ['a bad date', { startDateTime: '12/06/2027' }, 'startDateTime', 'Date invalide'],
    ['an unknown category', { category: 'cinema' as never }, 'category', 'Choisissez une catégorie de la liste'],
    [
      'a negative price',
      { ticketTypes: [{ name: 'VIP', price: -1, quantity: 10 }] },
      'ticketTypes.0.price',
      'Le prix doit être un nombre entier de francs CFA, 0 ou plus',
    ],
    [
      'a price with decimals',
      { ticketTypes: [{ name: 'VIP', price: 1500.5, quantity: 10 }] },
      'ticketTypes.0.price',
      'Le prix doit être un nombre entier de francs CFA, 0 ou plus',
    ],
    [
      'a quantity of 0',
      { ticketTypes: [{ name: 'VIP', price: 0, quantity: 0 }] },
      'ticketTypes.0.quantity',
      'La quantité doit être d’au moins 1',
    ],
    [
      'a ticket type without name',
      { ticketTypes: [{ name: ' ', price: 0, quantity: 3 }] },
      'ticketTypes.0.name',
      'Le nom du type de billet est requis',
    ],
    ['no ticket type', { ticketTypes: [] }, 'ticketTypes', 'Au moins un type de billet est requis'],
    ['maxParticipants 0', { maxParticipants: 0 }, 'maxParticipants', 'Le nombre maximum de participants doit être d’au moins 1'],
  ];
  it.each(invalid)('refuses %s', async (_name, overrides, field, message) => {
    const response = await call('POST', '/events', organizer.token, { ...validEvent(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toContain(message);
  });

  it('refuses unknown fields and a status in the body', async () => {
    const response = await call('POST', '/events', organizer.token, { ...validEvent(), status: 'published' });
    expect(response.statusCode).toBe(400);
  });

  it('trims tags, drops empty ones and duplicates', async () => {
    const response = await call('POST', '/events', organizer.token, validEvent({ tags: [' jazz ', 'jazz', '', 'live'] }));
    expect(response.statusCode).toBe(201);
    expect(response.json().event.tags).toEqual(['jazz', 'live']);
  });

  it('keeps maxParticipants within settings.maxParticipantsPerEvent', async () => {
    await setEventSettings({ maxParticipantsPerEvent: 500 });
    const over = await call('POST', '/events', organizer.token, validEvent({ maxParticipants: 501 }));
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.maxParticipants).toEqual(['Le nombre maximum de participants ne peut pas dépasser 500']);
    const at = await call('POST', '/events', organizer.token, validEvent({ maxParticipants: 500 }));
    expect(at.statusCode).toBe(201);
  });

  it('allows several ticket types only with settings.allowMultipleTickets', async () => {
    const tickets = [
      { name: 'Standard', price: 0, quantity: 100 },
      { name: 'VIP', price: 15000, quantity: 20, description: 'Places assises' },
    ];
    await setEventSettings({ allowMultipleTickets: false });
    const refused = await call('POST', '/events', organizer.token, validEvent({ ticketTypes: tickets }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.ticketTypes).toEqual(['Un seul type de billet est autorisé par événement']);
    await setEventSettings({ allowMultipleTickets: true });
    const accepted = await call('POST', '/events', organizer.token, validEvent({ ticketTypes: tickets }));
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().event.ticketTypes.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([
      ['Standard', 0],
      ['VIP', 15000],
    ]);
  });

  it('limits an organiser to settings.maxEventsPerUser events (cancelled ones do not count; managers are not limited)', async () => {
    const user = await createUser(app);
    const token = await tokenFor(app, user);
    await setEventSettings({ maxEventsPerUser: 2 });
    const first = await createJson(token, { title: 'Un' });
    await createJson(token, { title: 'Deux' });
    const third = await call('POST', '/events', token, validEvent({ title: 'Trois' }));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Vous avez atteint la limite de 2 événements par utilisateur');
    // Cancel one: it no longer counts.
    expect((await call('PUT', `/events/${first._id}/publish`, token)).statusCode).toBe(200);
    expect((await call('PUT', `/events/${first._id}/cancel`, token)).statusCode).toBe(200);
    expect((await call('POST', '/events', token, validEvent({ title: 'Trois' }))).statusCode).toBe(201);
    // Two at once cannot both pass the check.
    await setEventSettings({ maxEventsPerUser: 3 });
    const racing = await Promise.all([
      call('POST', '/events', token, validEvent({ title: 'Course A' })),
      call('POST', '/events', token, validEvent({ title: 'Course B' })),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    await setEventSettings({ maxEventsPerUser: 1 });
    expect((await call('POST', '/events', superToken, validEvent({ title: 'Admin' }))).statusCode).toBe(201);
  });

  it('e-mails the contact address on a new event when the notification settings ask for it', async () => {
    const created = await createJson(organizer.token, { title: 'Notifié à la création' });
    const mails = await app.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.subject, 'Nouvel événement : Notifié à la création'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe(defaults.general.contactEmail);
    expect(created.status).toBe('draft');

    await app.settings.save({ ...defaults, notifications: { ...defaults.notifications, notifyOnNewEvent: false } }, null);
    await createJson(organizer.token, { title: 'Sans e-mail' });
    const none = await app.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.subject, 'Nouvel événement : Sans e-mail'));
    expect(none).toHaveLength(0);
    await app.settings.save(defaults, null);
  });

  it('answers the creation without waiting for the team e-mail to be sent (it waits in the outbox)', async () => {
    const held = holdSends(app.notifications.email);
    try {
      const created = await createJson(organizer.token, { title: 'Serveur SMTP lent' });
      expect(created.status).toBe('draft');
      const [mail] = await app.db
        .select()
        .from(outboundMessages)
        .where(eq(outboundMessages.subject, 'Nouvel événement : Serveur SMTP lent'));
      expect(mail?.status).toBe('pending');
      await vi.waitFor(() => expect(held.spy).toHaveBeenCalled());
      held.release();
      await vi.waitFor(async () => {
        const [sent] = await app.db
          .select()
          .from(outboundMessages)
          .where(eq(outboundMessages.id, mail?.id ?? ''));
        expect(sent?.status).toBe('sent');
      });
    } finally {
      held.restore();
    }
  });
});

describe('status transitions', () => {
  it('moves draft → published → cancelled and answers 409 with a French message otherwise', async () => {
    const event = await createJson(organizer.token, { title: 'Cycle de vie' });
    const cancelDraft = await call('PUT', `/events/${event._id}/cancel`, organizer.token);
    expect(cancelDraft.statusCode).toBe(409);
    expect(cancelDraft.json().message).toBe('Seul un événement publié peut être annulé');

    const published = await call('PUT', `/events/${event._id}/publish`, organizer.token);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ message: 'Événement publié', event: { status: 'published' } });
    const again = await call('PUT', `/events/${event._id}/publish`, organizer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Seul un événement en brouillon peut être publié');

    const cancelled = await call('PUT', `/events/${event._id}/cancel`, organizer.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().event.status).toBe('cancelled');
    expect((await call('PUT', `/events/${event._id}/publish`, organizer.token)).statusCode).toBe(409);
    expect((await call('PUT', `/events/${event._id}/cancel`, organizer.token)).statusCode).toBe(409);

    const actions = await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, event._id));
    expect(actions.map((a) => a.action).sort()).toEqual(['event.cancel', 'event.create', 'event.publish']);
  });

  it('with requireApproval every field the public sees counts: country, coordinates, ticket quantities, capacity (issue 24)', async () => {
    await setEventSettings({ requireApproval: true });
    const manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_events'] }));
    // An organiser of its own: the others here have used their creations of the minute.
    const owner = await tokenFor(app, await createUser(app));
    const place = { address: 'Boulevard du 20 Mai', city: 'Yaoundé' };
    const changes = {
      country: { location: { ...place, country: 'Nigeria' } },
      coordinates: { location: { ...place, coordinates: { latitude: 6.45, longitude: 3.39 } } },
      quantity: { ticketTypes: [{ name: 'Standard', price: 0, quantity: 7, description: '' }] },
      capacity: { maxParticipants: 7 },
    };
    for (const [name, change] of Object.entries(changes)) {
      const event = await createJson(owner, { title: `Public ${name}` });
      expect((await call('PUT', `/events/${event._id}/publish`, manager)).statusCode).toBe(200);
      const edited = await call('PUT', `/events/${event._id}`, owner, change);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().event.status, name).toBe('draft');
      expect((await call('GET', `/events/${event._id}`)).statusCode, name).toBe(404);
    }
  });

  it('with requireApproval a cancelled event is frozen: no edit, no image; reopened only to draft, published again by the team (issue 24)', async () => {
    await setEventSettings({ requireApproval: true });
    const manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_events'] }));
    // An organiser of its own: the others here have used their creations of the minute.
    const owner = await tokenFor(app, await createUser(app));
    const created = await createMultipart(owner, validEvent({ title: 'Concert annulé à figer' }), [
      { name: 'a.png', type: 'image/png', data: await png(40, 30) },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event as { _id: string; images: { _id: string }[] };
    expect((await call('PUT', `/events/${event._id}/publish`, manager)).statusCode).toBe(200);
    expect((await call('PUT', `/events/${event._id}/cancel`, owner)).statusCode).toBe(200);
    const [cancelled] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(cancelled?.cancelledAt).toBeInstanceOf(Date);

    const frozen = [
      await call('PUT', `/events/${event._id}`, owner, { description: 'Nouveau texte : https://arnaque.example' }),
      await call('PUT', `/events/${event._id}`, manager, { title: 'Même l’équipe' }),
      await createImages(owner, event._id),
      await call('DELETE', `/events/${event._id}/images/${event.images[0]?._id}`, owner),
    ];
    for (const response of frozen) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'EVENT_CANCELLED',
        message: 'Un événement annulé ne peut plus être modifié : rouvrez-le, il repasse en brouillon',
      });
    }
    const [still] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(still).toEqual(cancelled);
    expect(await app.db.select().from(eventImages).where(eq(eventImages.eventId, event._id))).toHaveLength(1);

    // Reopened: back to draft (hidden), edited, and published again only by the team.
    const reopened = await call('PUT', `/events/${event._id}/reopen`, owner);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ message: 'Événement rouvert : il repasse en brouillon', event: { status: 'draft' } });
    const [draft] = await app.db.select().from(events).where(eq(events.id, event._id));
    expect(draft?.cancelledAt).toBeNull();
    expect((await call('GET', `/events/${event._id}`)).statusCode).toBe(404);
    expect((await call('PUT', `/events/${event._id}`, owner, { title: 'Concert reprogrammé' })).statusCode).toBe(200);
    // The organiser's 'Publier' submits it (decision 038); the team publishes.
    const submitted = await call('PUT', `/events/${event._id}/publish`, owner);
    expect(submitted.json().event).toMatchObject({ status: 'draft', approvalState: 'submitted' });
    expect((await call('PUT', `/events/${event._id}/publish`, manager)).statusCode).toBe(200);
    expect((await call('PUT', `/events/${event._id}/reopen`, owner)).json().message).toBe(
      'Seul un événement annulé peut être rouvert',
    );
  });

  it('refuses an unknown action', async () => {
    const event = await createJson(organizer.token);
    expect((await call('PUT', `/events/${event._id}/archive`, organizer.token)).statusCode).toBe(400);
  });

  it('with settings.requireApproval only manage_events publishes; the organiser’s publish submits (decision 038)', async () => {
    await setEventSettings({ requireApproval: true });
    const event = await createJson(organizer.token, { title: 'À approuver' });
    const submitted = await call('PUT', `/events/${event._id}/publish`, organizer.token);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      message: 'Événement envoyé pour approbation : il sera publié après validation par un administrateur',
      event: { status: 'draft', approvalState: 'submitted' },
    });
    const manager = await createUser(app, { role: 'admin', permissions: ['manage_events'] });
    const approved = await call('PUT', `/events/${event._id}/publish`, await tokenFor(app, manager));
    expect(approved.statusCode).toBe(200);
    // The organiser may still cancel it.
    expect((await call('PUT', `/events/${event._id}/cancel`, organizer.token)).statusCode).toBe(200);
  });

  it('with settings.requireApproval an organiser’s edit of a published event’s public fields sends it back for approval', async () => {
    await setEventSettings({ requireApproval: true });
    await app.settings.save(
      { ...(await app.settings.get()), notifications: { ...defaults.notifications, notifyOnEventUpdate: false } },
      null,
    );
    const manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_events'] }));
    const event = await createJson(organizer.token, { title: 'Concert approuvé' });
    expect((await call('PUT', `/events/${event._id}/publish`, manager)).statusCode).toBe(200);
    expect((await call('GET', `/events/${event._id}`)).statusCode).toBe(200);

    // The same values again change nothing the public sees: it stays published.
    const same = await call('PUT', `/events/${event._id}`, organizer.token, { title: 'Concert approuvé', isHighlighted: true });
    expect(same.json().event.status).toBe('published');

    const before = await app.db.select().from(outboundMessages);
    const scam = await call('PUT', `/events/${event._id}`, organizer.token, {
      title: 'GAGNEZ 1 000 000 FCFA',
      description: 'Envoyez 5 000 FCFA par Mobile Money pour réserver votre gain.',
    });
    expect(scam.statusCode, scam.body).toBe(200);
    // Back to draft and straight into the 'À approuver' queue (decision 038).
    expect(scam.json().event).toMatchObject({ status: 'draft', approvalState: 'submitted' });
    // Hidden from the public: not readable by id, not in the public list.
    expect((await call('GET', `/events/${event._id}`)).statusCode).toBe(404);
    const list = await call('GET', '/events?limit=100');
    expect(JSON.stringify(list.json())).not.toContain('GAGNEZ');
    // The team is told through the outbox, even with notifyOnEventUpdate off.
    const after = await app.db.select().from(outboundMessages);
    const alert = after.filter((m) => !before.some((b) => b.id === m.id));
    expect(alert).toHaveLength(1);
    expect(alert[0]).toMatchObject({ channel: 'email', recipient: defaults.general.contactEmail });
    expect(alert[0]?.subject).toBe('Événement à approuver de nouveau : GAGNEZ 1 000 000 FCFA');
    // It already waits: the organiser's 'Publier' says so; an administrator publishes it.
    expect((await call('PUT', `/events/${event._id}/publish`, organizer.token)).statusCode).toBe(409);
    expect((await call('PUT', `/events/${event._id}/publish`, manager)).statusCode).toBe(200);
    // Without requireApproval an edit keeps it published.
    await setEventSettings({ requireApproval: false });
    const free = await call('PUT', `/events/${event._id}`, organizer.token, { title: 'Concert du soir' });
    expect(free.json().event.status).toBe('published');
  });
});

describe('ownership', () => {
  it('answers another user’s event as an unknown one (404, published or draft) and lets manage_events act on all', async () => {
    const draft = await createJson(organizer.token, { title: 'Brouillon privé' });
    const published = await createJson(organizer.token, { title: 'Publié d’Aïcha' });
    await call('PUT', `/events/${published._id}/publish`, organizer.token);

    for (const [method, url, body] of [
      ['PUT', `/events/${published._id}`, { title: 'Piraté' }],
      ['DELETE', `/events/${published._id}`, undefined],
      ['PUT', `/events/${published._id}/cancel`, undefined],
    ] as const) {
      const response = await call(method, url, other.token, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Événement introuvable' });
    }
    expect((await call('PUT', `/events/${draft._id}/publish`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/events/${draft._id}`, other.token)).statusCode).toBe(404);
    expect((await call('GET', `/events/${draft._id}`)).statusCode).toBe(404);
    expect((await call('GET', `/events/${draft._id}`, organizer.token)).statusCode).toBe(200);
    expect((await call('GET', `/events/${published._id}`)).statusCode).toBe(200);
    const unchanged = await call('GET', `/events/${published._id}`, organizer.token);
    expect(unchanged.json().title).toBe('Publié d’Aïcha');

    // An admin without manage_events is an ordinary organiser here.
    const eventsLess = await createUser(app, { role: 'admin', permissions: ['manage_users'] });
    expect((await call('DELETE', `/events/${published._id}`, await tokenFor(app, eventsLess))).statusCode).toBe(404);

    expect((await call('PUT', `/events/${draft._id}`, superToken, { title: 'Corrigé par l’admin' })).statusCode).toBe(200);
    expect((await call('DELETE', `/events/${draft._id}`, superToken)).statusCode).toBe(200);
  });

  it('lets only event managers highlight an event', async () => {
    const own = await createJson(organizer.token, { title: 'Mis en avant ?', isHighlighted: true });
    const highlighted = async () => (await call('GET', `/events/${own._id}`, superToken)).json().isHighlighted;
    expect(await highlighted()).toBe(false);
    expect((await call('PUT', `/events/${own._id}`, organizer.token, { isHighlighted: true })).statusCode).toBe(200);
    expect(await highlighted()).toBe(false);
    expect((await call('PUT', `/events/${own._id}`, superToken, { isHighlighted: true })).statusCode).toBe(200);
    expect(await highlighted()).toBe(true);
  });

  it('answers 401 without a token on every write', async () => {
    const event = await createJson(organizer.token);
    for (const [method, url] of [
      ['PUT', `/events/${event._id}`],
      ['DELETE', `/events/${event._id}`],
      ['PUT', `/events/${event._id}/publish`],
    ] as const) {
      expect(
        (await call(method, url, undefined, method === 'PUT' && !url.endsWith('publish') ? { title: 'x' } : undefined))
          .statusCode,
      ).toBe(401);
    }
  });
});

describe('PUT /events/:id and DELETE /events/:id', () => {
  it('edits fields, replaces the ticket types, refreshes search, and checks the dates against the stored ones', async () => {
    const event = await createJson(organizer.token, { title: 'Ancien titre' });
    const response = await call('PUT', `/events/${event._id}`, organizer.token, {
      title: 'Soirée Bikutsi à Ébolowa',
      location: { address: 'Place des fêtes', city: 'Ébolowa' },
      ticketTypes: [
        { name: 'Standard', price: 2000, quantity: 50 },
        { name: 'VIP', price: 10000, quantity: 10 },
      ],
      tags: ['bikutsi'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().event).toMatchObject({
      title: 'Soirée Bikutsi à Ébolowa',
      location: { city: 'Ébolowa' },
      tags: ['bikutsi'],
      description: 'Musique, danse et artisanat au cœur de la ville.',
    });
    expect(response.json().event.ticketTypes).toHaveLength(2);
    const found = await call('GET', '/events?q=ebolowa&mine=true', organizer.token);
    expect(found.json().items.map((e: { _id: string }) => e._id)).toContain(event._id);

    const endBeforeStoredStart = await call('PUT', `/events/${event._id}`, organizer.token, {
      endDateTime: '2027-06-12T10:00:00+01:00',
    });
    expect(endBeforeStoredStart.statusCode).toBe(400);
    expect(endBeforeStoredStart.json().message).toBe('La date de fin doit être après la date de début');
    expect((await call('PUT', `/events/${event._id}`, organizer.token, { status: 'published' })).statusCode).toBe(400);
    expect((await call('PUT', `/events/${event._id}`, organizer.token, {})).statusCode).toBe(400);
    await setEventSettings({ maxParticipantsPerEvent: 50 });
    expect((await call('PUT', `/events/${event._id}`, organizer.token, { maxParticipants: 51 })).statusCode).toBe(400);

    const mails = await app.db
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.subject, 'Événement modifié : Soirée Bikutsi à Ébolowa'));
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });

  it('deletes the event, its rows and its image files', async () => {
    const response = await createMultipart(organizer.token, validEvent({ title: 'À supprimer' }), [
      { name: 'a.png', type: 'image/png', data: await png(300, 200) },
    ]);
    const event = response.json().event;
    const keys = [event.images[0].cardUrl, event.images[0].detailUrl].map((url: string) => url.split('/').pop() as string);
    // The phone-sized copy (the public page's srcset) shares the image's id and goes with it.
    keys.push((keys[1] as string).replace('-detail.webp', '-medium.webp'));
    for (const key of keys) expect(fs.existsSync(path.join(uploadsDir(), key))).toBe(true);
    const deleted = await call('DELETE', `/events/${event._id}`, organizer.token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Événement supprimé');
    for (const key of keys) expect(fs.existsSync(path.join(uploadsDir(), key))).toBe(false);
    expect(await app.db.select().from(eventImages).where(eq(eventImages.eventId, event._id))).toHaveLength(0);
    expect((await call('GET', `/events/${event._id}`, organizer.token)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: event.images[0].cardUrl })).statusCode).toBe(404);
    expect((await call('DELETE', `/events/${event._id}`, organizer.token)).statusCode).toBe(404);
  });

  it('adds images up to 10 in all, removes one (the next becomes the cover), and refuses another user', async () => {
    const small = await png(64, 48);
    const created = await createMultipart(
      organizer.token,
      validEvent({ title: 'Galerie' }),
      Array.from({ length: 8 }, (_, i) => ({ name: `g${i}.png`, type: 'image/png', data: small })),
    );
    const event = created.json().event;
    expect(event.images).toHaveLength(8);
    const addImages = (token: string, count: number) => {
      const body = multipart(
        undefined,
        Array.from({ length: count }, (_, i) => ({ name: `n${i}.png`, type: 'image/png', data: small })),
      );
      return app.inject({
        method: 'POST',
        url: `/api/events/${event._id}/images`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    };
    const tooMany = await addImages(organizer.token, 3);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('10 images au maximum par événement');
    expect((await addImages(other.token, 1)).statusCode).toBe(404); // still a draft: invisible to others
    const added = await addImages(organizer.token, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().event.images).toHaveLength(10);
    expect((await addImages(organizer.token, 1)).statusCode).toBe(400);

    const [first, second] = added.json().event.images;
    const firstKey = first.cardUrl.split('/').pop();
    await call('PUT', `/events/${event._id}/publish`, organizer.token);
    expect((await call('DELETE', `/events/${event._id}/images/${first._id}`, other.token)).statusCode).toBe(404);
    const removed = await call('DELETE', `/events/${event._id}/images/${first._id}`, organizer.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().event.images).toHaveLength(9);
    expect(removed.json().event.images[0]._id).toBe(second._id);
    expect(fs.existsSync(path.join(uploadsDir(), firstKey))).toBe(false);
    expect(fs.existsSync(path.join(uploadsDir(), firstKey.replace('-card.webp', '-medium.webp')))).toBe(false);
    const listed = (await call('GET', '/events?q=galerie', organizer.token)).json().items;
    expect(listed.find((item: { _id: string }) => item._id === event._id)?.cover?._id).toBe(second._id);
    expect((await call('DELETE', `/events/${event._id}/images/${first._id}`, organizer.token)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown upload key and never reads outside the folder', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/uploads/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/uploads/00000000-0000-0000-0000-000000000000-card.webp' })).statusCode,
    ).toBe(404);
  });
});

describe('GET /events', () => {
  let listApp: TestApp;
  let api: FastifyInstance;
  let admin: string;
  let owner: { user: UserRow; token: string };

  beforeAll(async () => {
    listApp = await buildTestApp();
    api = listApp.app;
    admin = await superadminToken(api);
    owner = await signedIn(api);
    await saveEventSettings(api, { maxEventsPerUser: 1000 });
  });
  afterAll(async () => {
    await listApp.close();
  });

  function get(url: string, token?: string) {
    return api.inject({ method: 'GET', url: `/api${url}`, headers: token ? bearer(token) : {} });
  }

  async function make(
    token: string,
    overrides: Partial<CreateEventInput>,
    status: 'draft' | 'published' | 'cancelled' = 'draft',
  ) {
    return (await createEvent(api, token, validEvent(overrides), status))._id;
  }

  const titles = (response: { json(): { items: { title: string }[] } }) =>
    response
      .json()
      .items.map((e) => e.title)
      .sort();

  it('shows anonymous callers the published public events only; manage_events sees every status; mine=true the own ones', async () => {
    await make(owner.token, { title: 'Visibilité brouillon', category: 'sport' });
    await make(owner.token, { title: 'Visibilité publié', category: 'sport' }, 'published');
    await make(owner.token, { title: 'Visibilité annulé', category: 'sport' }, 'cancelled');
    await make(owner.token, { title: 'Visibilité privé', category: 'sport', isPublic: false }, 'published');

    const anonymous = await get('/events?q=visibilite&limit=50');
    expect(anonymous.statusCode).toBe(200);
    expect(titles(anonymous)).toEqual(['Visibilité publié']);
    expect(anonymous.json().total).toBe(1);
    expect(titles(await get('/events?q=visibilite&status=draft'))).toEqual([]);
    expect(titles(await get('/events?q=visibilite', owner.token))).toEqual(['Visibilité publié']);
    expect(titles(await get('/events?q=visibilite&mine=true', owner.token))).toHaveLength(4);
    expect(titles(await get('/events?q=visibilite', admin))).toHaveLength(4);
    expect(titles(await get('/events?q=visibilite&status=cancelled', admin))).toEqual(['Visibilité annulé']);
    expect(titles(await get('/events?q=visibilite&status=draft', admin))).toEqual(['Visibilité brouillon']);
    expect(titles(await get('/events?q=visibilite&status=published', admin))).toEqual(['Visibilité privé', 'Visibilité publié']);
  });

  it('searches title, description and address without caring about case or accents', async () => {
    await make(owner.token, {
      title: 'Gala de l’Été',
      description: 'Dîner dansant',
      location: { address: 'Hôtel Mont Fébé', city: 'Yaoundé' },
    });
    await make(owner.token, { title: 'Autre chose', description: 'rien', location: { address: 'Bonapriso', city: 'Douala' } });
    for (const q of ['yaounde', 'YAOUNDÉ']) {
      const found = titles(await get(`/events?q=${encodeURIComponent(q)}`, admin));
      expect(found, q).toContain('Gala de l’Été');
      expect(found, q).not.toContain('Autre chose');
    }
    for (const q of ['gala de l’ete', 'ÉTÉ', 'diner', 'febe', 'hotel mont']) {
      expect(titles(await get(`/events?q=${encodeURIComponent(q)}`, admin)), q).toEqual(['Gala de l’Été']);
    }
    expect(titles(await get(`/events?q=${encodeURIComponent('100%')}`, admin))).toEqual([]);
    expect((await get('/events?q=bonapriso', admin)).json().total).toBe(1);
  });

  it('filters by category and pages on the server', async () => {
    for (let i = 1; i <= 12; i += 1) await make(owner.token, { title: `Page ${String(i).padStart(2, '0')}`, category: 'food' });
    const first = await get('/events?category=food&limit=5&page=1', admin);
    expect(first.json().total).toBe(12);
    expect(first.json().items).toHaveLength(5);
    const third = await get('/events?category=food&limit=5&page=3', admin);
    expect(third.json().items).toHaveLength(2);
    const all = new Set<string>();
    for (let page = 1; page <= 3; page += 1) {
      for (const item of (await get(`/events?category=food&limit=5&page=${page}`, admin)).json().items) all.add(item._id);
    }
    expect(all.size).toBe(12);
    expect((await get('/events?category=cinema', admin)).statusCode).toBe(400);
    expect((await get('/events?limit=1000', admin)).statusCode).toBe(400);
  });

  it('filters by date around midnight in Africa/Douala', async () => {
    // Now: 10 March 2026, 23:30 in Douala (22:30 UTC).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T22:30:00Z'));
    const at = (start: string, end: string) => ({ startDateTime: start, endDateTime: end, category: 'business' as const });
    await make(owner.token, { title: 'Minuit A ce soir 23h45', ...at('2026-03-10T23:45:00+01:00', '2026-03-11T01:00:00+01:00') });
    await make(owner.token, { title: 'Minuit B demain 00h15', ...at('2026-03-11T00:15:00+01:00', '2026-03-11T02:00:00+01:00') });
    await make(owner.token, { title: 'Minuit C fini à 23h', ...at('2026-03-10T22:00:00+01:00', '2026-03-10T23:00:00+01:00') });
    await make(owner.token, { title: 'Minuit D hier soir', ...at('2026-03-09T22:00:00+01:00', '2026-03-09T23:59:00+01:00') });
    await make(owner.token, { title: 'Minuit E en cours', ...at('2026-03-10T20:00:00+01:00', '2026-03-11T03:00:00+01:00') });
    // Starts as the Douala day does: both running at its start and starting in it, listed once.
    await make(owner.token, { title: 'Minuit F à minuit pile', ...at('2026-03-10T00:00:00+01:00', '2026-03-10T23:50:00+01:00') });

    const list = async (date: string) => titles(await get(`/events?q=minuit&date=${date}&limit=50`, admin));
    expect(await list('today')).toEqual([
      'Minuit A ce soir 23h45',
      'Minuit C fini à 23h',
      'Minuit E en cours',
      'Minuit F à minuit pile',
    ]);
    expect((await get('/events?q=minuit&date=today&limit=50', admin)).json().total).toBe(4);
    expect(await list('upcoming')).toEqual(['Minuit A ce soir 23h45', 'Minuit B demain 00h15']);
    expect(await list('past')).toEqual(['Minuit C fini à 23h', 'Minuit D hier soir']);
    expect(await list('all')).toHaveLength(6);

    // Twenty minutes later it is 11 March in Douala (still 10 March in UTC).
    vi.setSystemTime(new Date('2026-03-10T23:10:00Z'));
    expect(await list('today')).toEqual(['Minuit A ce soir 23h45', 'Minuit B demain 00h15', 'Minuit E en cours']);
    expect(await list('upcoming')).toEqual(['Minuit B demain 00h15']);
  });

  it('shows the creator, ticket types, images and counts in the detail, and the cover in the list', async () => {
    const id = await make(owner.token, { title: 'Détail complet', category: 'art' }, 'published');
    const detail = await get(`/events/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      title: 'Détail complet',
      creator: { name: 'Awa Ngono' },
      participantsCount: 0,
      commentsCount: 0,
      likes: 0,
      images: [],
      ticketTypes: [{ name: 'Standard', price: 0, quantity: 100 }],
    });
    const listed = (await get('/events?category=art')).json().items[0];
    expect(listed).toMatchObject({ title: 'Détail complet', cover: null, creator: { name: 'Awa Ngono' } });
    // The organiser's account is gone: no creator (the screen shows 'Anonyme').
    const leaving = await createUser(api);
    const orphan = await make(await tokenFor(api, leaving), { title: 'Orphelin', category: 'art' }, 'published');
    await api.db.delete(users).where(eq(users.id, leaving.id));
    expect((await get(`/events/${orphan}`)).json()).toMatchObject({ title: 'Orphelin', creator: null, organizerId: null });
    expect((await get('/events/not-a-uuid')).statusCode).toBe(400);
    expect((await get('/events/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('serves the demo events with categories of the list, searchable without accents', async () => {
    await seedDemo(api);
    const all = (await get('/events?limit=100', admin)).json().items as { title: string; category: string }[];
    const demo = all.filter((event) =>
      ['Festival Ngondo', 'Atelier développement web', 'Marché artisanal'].includes(event.title),
    );
    expect(demo).toHaveLength(3);
    for (const event of all) expect(EVENT_CATEGORIES as readonly string[]).toContain(event.category);
    expect(titles(await get('/events?q=conference tech&category=conference', admin))).toEqual(['Conférence Tech Cameroun']);
    expect(titles(await get('/events?q=marche artisanal&category=other&status=draft', admin))).toEqual(['Marché artisanal']);
  });
});
