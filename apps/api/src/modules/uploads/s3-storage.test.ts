import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@app/test-utils/server';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer } from '../../../test/factories';

/** A real S3-compatible server (s3rver) on loopback; the API stores event images in its bucket. */
const BUCKET = 'event-images';
let s3: S3rver;
let s3Dir: string;
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  testApp = await buildTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  const login = await testApp.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { identifier: 'admin@test.local', password: 'Admin-Passw0rd!' },
  });
  token = login.json().token;
});
afterAll(async () => {
  await testApp?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

describe('event images in S3-compatible storage (S3_BUCKET set)', () => {
  it('stores the re-encoded images in the bucket, serves them through /api/uploads, and deletes them with the event', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 90, b: 20 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({
        title: 'Concert au bord du Wouri',
        description: 'Makossa et bikutsi en plein air.',
        startDateTime: '2027-03-06T19:00:00+01:00',
        endDateTime: '2027-03-06T23:00:00+01:00',
        location: { address: 'Boulevard de la Liberté', city: 'Douala' },
        category: 'concert',
      }),
    );
    form.append('images', new Blob([png], { type: 'image/png' }), 'affiche.png');
    const body = new Response(form);
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { ...bearer(token), 'content-type': body.headers.get('content-type') ?? '' },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event as { _id: string; images: { cardUrl: string; detailUrl: string }[] };
    expect(event.images).toHaveLength(1);

    // Nothing on the local disk: the objects are in the bucket.
    expect(fs.existsSync(path.join(testApp.dataDir, 'uploads'))).toBe(false);
    const stored = fs.readdirSync(path.join(s3Dir, BUCKET), { recursive: true }).map(String);
    expect(stored.some((name) => name.endsWith('-card.webp') || name.includes('-card.webp'))).toBe(true);

    const image = event.images[0] as { cardUrl: string; detailUrl: string };
    const served = await testApp.app.inject({ method: 'GET', url: image.detailUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const missing = await testApp.app.inject({ method: 'GET', url: image.detailUrl.replace(/[0-9a-f]{8}-/, '00000000-') });
    expect(missing.statusCode).toBe(404);

    expect(
      (await testApp.app.inject({ method: 'DELETE', url: `/api/events/${event._id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: image.detailUrl })).statusCode).toBe(404);
  });
});
