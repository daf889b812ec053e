import fs from 'node:fs';
import path from 'node:path';
import {
  CONVERSATION_MESSAGES as M,
  type ConversationsResponse,
  type MessageImage,
  PHOTO_PREVIEW,
  type SentMessageResponse,
  type ThreadResponse,
} from '@app/shared/conversations';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app';
import { bearer } from '../../../test/factories';
import { type As, createEvent, type Identity, request, signedIn, superadminToken, testAppForFile } from '../../../test/helper';
import { conversationMessages, events, messageImages, userNotifications } from '../../db/schema/index';
import { cleanMessageImages, UNSENT_IMAGE_LIFETIME_MS } from './message-images.service';

/**
 * Photos in messages (issue 29, decision 065): uploaded through the image pipeline, sent by their
 * uploader only, once; shown in the thread; the list says '📷 Photo'; the unsent ones cleaned up.
 */
const testApp = testAppForFile(() => buildTestApp());

function imageForm(token: string, data: Buffer, name = 'photo.jpg', field = 'image', type = 'image/jpeg') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) } };
}

const upload = (as: Identity | string, data: Buffer, name?: string, field?: string, headers: Record<string, string> = {}) => {
  const form = imageForm(typeof as === 'string' ? as : as.token, data, name, field);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/conversations/images',
    ...form,
    headers: { ...form.headers, ...headers },
  });
};

async function uploaded(as: Identity | string, data?: Buffer): Promise<MessageImage> {
  const response = await upload(as, data ?? (await cameraPhoto(800, 600)));
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().message).toBe(M.imageSaved);
  return response.json().image as MessageImage;
}

/** A JPEG as a phone writes it: EXIF with a position and the camera, turned by its orientation tag. */
function cameraPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'Tecno', Model: 'Camon 20' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 3/1 0/1' } },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const stored = (url: string) => path.join(testApp.dataDir, 'uploads', url.split('/').pop() as string);

async function ok<T>(response: Awaited<ReturnType<typeof request>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

const threadOf = async (as: As, id: string) =>
  ok<ThreadResponse>(await request(testApp.app, 'GET', `/api/conversations/${id}`, as));
const listOf = async (as: As) => ok<ConversationsResponse>(await request(testApp.app, 'GET', '/api/conversations', as));
const messageCount = async () => (await testApp.app.db.select({ n: count() }).from(conversationMessages))[0]?.n ?? 0;

async function eventWithParticipant() {
  const { app } = testApp;
  const organizer = await signedIn(app, { firstName: 'Odile', lastName: 'Manga' });
  const participant = await signedIn(app, { firstName: 'Paul', lastName: 'Etoa' });
  const event = await createEvent(app, organizer, { title: 'Festival Ngondo' });
  expect((await request(app, 'POST', `/api/events/${event._id}/participants`, participant)).statusCode).toBe(200);
  return { organizer, participant, event };
}

/** A small real PNG whose header declares `width` × `height` (its CRC fixed): costly only if decoded. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const data = Buffer.from(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
      .png()
      .toBuffer(),
  );
  data.writeUInt32BE(width, 16);
  data.writeUInt32BE(height, 20);
  let crc = 0xffffffff;
  for (const byte of data.subarray(12, 29)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  data.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 29);
  return data;
}

describe('a photo in a message', () => {
  it('is re-encoded by sharp (upright, WebP, no EXIF), sent with text, and the other side sees it', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const photo = await cameraPhoto(2400, 1800);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await uploaded(participant, photo);
    // Turned upright by its orientation tag (6: 90°), then fitted within 1 600 px.
    expect(image).toMatchObject({ width: 1200, height: 1600 });
    expect(image.url).toBe(`/api/uploads/${image._id}-message-small.webp`);
    expect(image.fullUrl).toBe(`/api/uploads/${image._id}-message.webp`);
    for (const [url, size] of [
      [image.fullUrl, { width: 1200, height: 1600 }],
      [image.url, { width: 480, height: 640 }],
    ] as const) {
      const served = await app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      // The reader's browser keeps it; no shared cache, no search engine.
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(served.headers['x-robots-tag']).toBe('noindex, noimageindex');
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: 'webp', ...size });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
    const sent = await ok<SentMessageResponse>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, {
        text: '  Voici la photo du billet  ',
        imageId: image._id,
      }),
      201,
    );
    expect(sent.sent).toMatchObject({ text: 'Voici la photo du billet', mine: true, image });

    const thread = await threadOf(organizer, sent.conversationId);
    expect(thread.messages).toEqual([
      expect.objectContaining({ text: 'Voici la photo du billet', author: 'Paul Etoa', mine: false, image }),
    ]);
    const list = await listOf(organizer);
    expect(list.items[0]).toMatchObject({ _id: sent.conversationId, lastMessageText: '📷 Voici la photo du billet', unread: 1 });
  });

  it('may be sent alone (no text): the list says “📷 Photo”; neither text nor photo is refused', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const first = await ok<SentMessageResponse>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonjour' }),
      201,
    );
    expect(first.sent.image).toBeNull();
    const image = await uploaded(organizer);
    const photoOnly = await ok<SentMessageResponse>(
      await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, organizer, { imageId: image._id }),
      201,
    );
    expect(photoOnly.sent).toMatchObject({ text: '', image: { _id: image._id } });
    const blankText = await ok<SentMessageResponse>(
      await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, organizer, {
        text: '   ',
        imageId: (await uploaded(organizer))._id,
      }),
      201,
    );
    expect(blankText.sent.text).toBe('');
    expect((await listOf(participant)).items[0]).toMatchObject({ lastMessageText: PHOTO_PREVIEW, unread: 2 });
    const thread = await threadOf(participant, first.conversationId);
    expect(thread.messages.map((message) => [message.text, message.image?._id ?? null])).toEqual([
      ['Bonjour', null],
      ['', image._id],
      ['', blankText.sent.image?._id],
    ]);

    const before = await messageCount();
    for (const body of [{}, { text: '' }, { text: '  \n ' }]) {
      const empty = await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, organizer, body);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fieldErrors.text).toEqual([M.required]);
    }
    const tooLong = await request(app, 'POST', `/api/conversations/${first.conversationId}/messages`, organizer, {
      text: 'a'.repeat(2001),
      imageId: (await uploaded(organizer))._id,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.text).toEqual([M.tooLong]);
    expect(await messageCount()).toBe(before);
  });

  it('is sent only by whoever uploaded it, once: someone else’s, or an unknown id, answers 404 and nothing is stored', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const started = await ok<SentMessageResponse>(
      await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { text: 'Bonjour' }),
      201,
    );
    const stranger = await signedIn(app);
    const theirs = await uploaded(stranger);
    const before = await messageCount();
    const listBefore = await listOf(organizer);

    for (const imageId of [theirs._id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await request(app, 'POST', `/api/conversations/${started.conversationId}/messages`, participant, {
        text: 'Regardez',
        imageId,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: M.imageNotFound });
    }
    // A first message about an event with someone else's photo: no conversation is made either.
    const other = await signedIn(app);
    expect((await request(app, 'POST', `/api/events/${event._id}/participants`, other)).statusCode).toBe(200);
    const firstWithTheirs = await request(app, 'POST', `/api/events/${event._id}/conversations`, other, { imageId: theirs._id });
    expect(firstWithTheirs.statusCode).toBe(404);
    expect((await listOf(other)).items).toEqual([]);
    // Nor to the team.
    const toTeam = await request(app, 'POST', '/api/conversations/support', participant, { imageId: theirs._id });
    expect(toTeam.statusCode).toBe(404);
    expect((await request(app, 'GET', '/api/conversations/support', participant)).json().thread).toBeNull();

    expect(await messageCount()).toBe(before);
    expect((await listOf(organizer)).items[0]?.lastMessageText).toBe(listBefore.items[0]?.lastMessageText);
    // The uploader still may send it, once.
    const [row] = await app.db.select().from(messageImages).where(eq(messageImages.id, theirs._id));
    expect(row).toMatchObject({ uploaderId: stranger.user.id, messageId: null, attachedAt: null });
    const mine = await uploaded(participant);
    await ok(
      await request(app, 'POST', `/api/conversations/${started.conversationId}/messages`, participant, { imageId: mine._id }),
      201,
    );
    const again = await request(app, 'POST', `/api/conversations/${started.conversationId}/messages`, participant, {
      imageId: mine._id,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(M.imageNotFound);
    // And someone outside the conversation never reads it through the API.
    expect((await request(app, 'GET', `/api/conversations/${started.conversationId}`, stranger)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, too heavy, too many pixels, the wrong field, or none, with a French message', async () => {
    const { app } = testApp;
    const me = await signedIn(app);
    const before = (await app.db.select({ n: count() }).from(messageImages))[0]?.n ?? 0;

    const text = await upload(me, Buffer.from('pas une image\n'.repeat(50)), 'billet.jpg');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Le fichier « billet.jpg » n’est pas une image valide (PNG, JPG, GIF ou WebP)',
      fieldErrors: { image: ['Le fichier « billet.jpg » n’est pas une image valide (PNG, JPG, GIF ou WebP)'] },
    });
    const english = await upload(me, Buffer.from('%PDF-1.4 pas une image'), 'billet.pdf', 'image', { 'accept-language': 'en' });
    expect(english.json().message).toBe('The file “billet.pdf” is not a valid image (PNG, JPG, GIF or WebP)');
    // A truncated JPEG: its header reads, its pixels do not.
    const photo = await cameraPhoto(800, 600);
    const truncated = await upload(me, photo.subarray(0, Math.floor(photo.length / 3)), 'coupée.jpg');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().fieldErrors.image[0]).toContain('n’est pas une image valide');

    const heavy = await upload(me, Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]), 'lourde.jpg');
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: M.imageTooLarge,
      fieldErrors: { image: [M.imageTooLarge] },
    });

    const huge = await upload(me, await pngDeclaring(8000, 6000), 'immense.png');
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('L’image « immense.png » est trop grande (40 mégapixels au maximum)');

    const wrongField = await upload(me, photo, 'a.jpg', 'avatar');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(M.imageOnlyField);
    const empty = await upload(me, Buffer.alloc(0), 'vide.jpg');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.imageRequired);
    const json = await request(app, 'POST', '/api/conversations/images', me, { image: 'x' });
    expect(json.statusCode).toBe(415);

    expect((await app.db.select({ n: count() }).from(messageImages))[0]?.n ?? 0).toBe(before);
  });

  it('counts the uploads per account: the 61st within the hour answers 429, another account still uploads', async () => {
    const me = await signedIn(testApp.app);
    const other = await signedIn(testApp.app);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#777777' } })
      .png()
      .toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await upload(me, png, 'a.png')).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await upload(other, png, 'a.png')).statusCode).toBe(201);
  });
});

describe('support with photos', () => {
  it('a person sends a photo to the team; the team answers with its own photo; nobody sends another’s', async () => {
    const { app } = testApp;
    const person = await signedIn(app, { firstName: 'Awa', lastName: 'Ngono' });
    const admin = await superadminToken(app);
    const capture = await uploaded(person);
    const sent = await ok<SentMessageResponse>(
      await request(app, 'POST', '/api/conversations/support', person, { imageId: capture._id }),
      201,
    );
    const inbox = await ok<{ items: { _id: string; lastMessageText: string }[] }>(
      await request(app, 'GET', '/api/admin/conversations?filter=waiting', admin),
    );
    expect(inbox.items.find((item) => item._id === sent.conversationId)?.lastMessageText).toBe(PHOTO_PREVIEW);
    const seen = await ok<ThreadResponse>(await request(app, 'GET', `/api/admin/conversations/${sent.conversationId}`, admin));
    expect(seen.messages.at(-1)).toMatchObject({ author: 'Awa Ngono', mine: false, image: capture });

    // The team cannot send the person's photo back as its own.
    const notTheirs = await request(app, 'POST', `/api/admin/conversations/${sent.conversationId}/messages`, admin, {
      imageId: capture._id,
    });
    expect(notTheirs.statusCode).toBe(404);
    const answer = await uploaded(admin);
    const replied = await request(app, 'POST', `/api/admin/conversations/${sent.conversationId}/messages`, admin, {
      imageId: answer._id,
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().sent).toMatchObject({ author: 'L’équipe', mine: true, text: '', image: answer });
    const thread = (await ok<{ thread: ThreadResponse }>(await request(app, 'GET', '/api/conversations/support', person))).thread;
    expect(thread.messages.at(-1)).toMatchObject({ author: 'L’équipe', fromTeam: true, image: answer });
    const [notification] = await app.db.select().from(userNotifications).where(eq(userNotifications.userId, person.user.id));
    expect(notification?.data).toMatchObject({ message: PHOTO_PREVIEW });
  });
});

describe('the clean-up of photos without a message', () => {
  it('deletes photos unsent after a day and those whose message is gone, with their files; keeps the rest', async () => {
    const { app } = testApp;
    const { organizer, participant, event } = await eventWithParticipant();
    const deps = { db: app.db, storage: app.storage, log: app.log };
    const unsentOld = await uploaded(participant);
    const unsentNew = await uploaded(participant);
    const sentImage = await uploaded(participant);
    await ok(await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { imageId: sentImage._id }), 201);
    // On another event, deleted with its conversations.
    const gone = await createEvent(app, organizer, { title: 'Annulé' });
    expect((await request(app, 'POST', `/api/events/${gone._id}/participants`, participant)).statusCode).toBe(200);
    const goneImage = await uploaded(participant);
    await ok(await request(app, 'POST', `/api/events/${gone._id}/conversations`, participant, { imageId: goneImage._id }), 201);
    await app.db.delete(events).where(eq(events.id, gone._id));
    const aged = new Date(Date.now() - UNSENT_IMAGE_LIFETIME_MS - 60_000);
    await app.db.update(messageImages).set({ createdAt: aged }).where(eq(messageImages.id, unsentOld._id));

    for (const image of [unsentOld, unsentNew, sentImage, goneImage]) expect(fs.existsSync(stored(image.fullUrl))).toBe(true);
    expect(await cleanMessageImages(deps)).toBeGreaterThanOrEqual(2);
    for (const image of [unsentOld, goneImage]) {
      expect(fs.existsSync(stored(image.fullUrl))).toBe(false);
      expect(fs.existsSync(stored(image.url))).toBe(false);
      expect((await app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
    }
    for (const image of [unsentNew, sentImage]) {
      expect(fs.existsSync(stored(image.fullUrl))).toBe(true);
      expect(fs.existsSync(stored(image.url))).toBe(true);
    }
    const left = await app.db.select({ id: messageImages.id }).from(messageImages);
    expect(left.map((row) => row.id)).toEqual(expect.arrayContaining([unsentNew._id, sentImage._id]));
    expect(left.map((row) => row.id)).not.toContain(unsentOld._id);
    expect(left.map((row) => row.id)).not.toContain(goneImage._id);
    // The forgotten photo can no longer be sent.
    const late = await request(app, 'POST', `/api/events/${event._id}/conversations`, participant, { imageId: unsentOld._id });
    expect(late.statusCode).toBe(404);
  });
});
