import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app';
import type { UserOverrides } from './factories';
import { type As, type Identity, injectAs, saveEventSettings, signedIn } from './helper';

/*
 * The set-up the public pages' tests share (apps/api/src/modules/public-pages/*.test.ts): an app
 * with a public address and an organiser who may create as many events as the tests need, and the
 * event image they upload.
 */

/** The public address of the public pages' test app (absolute links, canonical, og:url, sitemap). */
export const PUBLIC_URL = 'https://evenements.example.cm';

export interface PublicPagesTestApp extends TestApp {
  /** The organiser of the tests' events, allowed 1,000 of them. */
  owner: Identity;
}

/** A test app at PUBLIC_URL (`env` adds to or overrides its settings) and its organiser. */
export async function buildPublicPagesApp(
  env: Record<string, string> = {},
  owner: UserOverrides = {},
): Promise<PublicPagesTestApp> {
  const testApp = await buildTestApp({ PUBLIC_URL, ...env });
  const identity = await signedIn(testApp.app, owner);
  await saveEventSettings(testApp.app, { maxEventsPerUser: 1000 });
  return { ...testApp, owner: identity };
}

/** A plain PNG of that size. */
function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();
}

/** Uploads a 1600×900 PNG as an image of the event, as `as` (its organiser). */
export async function addImage(app: FastifyInstance, as: As, eventId: string): Promise<void> {
  const boundary = '----publicpages';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    await png(1600, 900),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await injectAs(app, as, {
    method: 'POST',
    url: `/api/events/${eventId}/images`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
}
