import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEventInput } from '@app/shared/events';
import { bearer } from '../../../test/factories';
import { createEvent } from '../../../test/helper';
import { addImage, buildPublicPagesApp, PUBLIC_URL, type PublicPagesTestApp } from '../../../test/public-pages';
import { cardSvg, wrap } from './previews';

/** Issue 24 item 8 and issue 25 item 4: share previews made once, stored, limited; drawn without image. */
const RATE = 45;
let testApp: PublicPagesTestApp;
let app: FastifyInstance;
let owner: string;

beforeAll(async () => {
  testApp = await buildPublicPagesApp({ PUBLIC_READ_RATE_PER_MINUTE: String(RATE) });
  app = testApp.app;
  owner = testApp.owner.token;
});
afterAll(() => testApp.close());

let address = 0;
function get(url: string, from = `10.50.${Math.floor(++address / 250)}.${(address % 250) + 1}`) {
  return app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': from } });
}

const make = (overrides: Partial<CreateEventInput> = {}) => createEvent(app, owner, overrides);

const storedPreviews = () => fs.readdirSync(path.join(testApp.dataDir, 'uploads')).filter((file) => file.endsWith('-apercu.jpg'));

async function fortyAtOnce(url: string) {
  const before = app.previews.renders;
  const answers = await Promise.all(Array.from({ length: 40 }, () => get(url)));
  expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
  expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
  return { renders: app.previews.renders - before, body: answers[0]?.rawPayload as Buffer };
}

describe('the share preview apercu.jpg', () => {
  it('is cut once from the event image for 40 parallel requests, then stored', async () => {
    const event = await make();
    await addImage(app, owner, event._id);
    const { renders, body } = await fortyAtOnce(`${event.publicPath}/apercu.jpg`);
    expect(renders).toBe(1);
    const info = await sharp(body).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    expect(storedPreviews().length).toBeGreaterThanOrEqual(1);
    // Stored: asked again, it is read, not made again.
    const again = await fortyAtOnce(`${event.publicPath}/apercu.jpg`);
    expect(again.renders).toBe(0);
    // Never served by the uploads route, which does not check the event's access.
    for (const key of storedPreviews()) expect((await get(`/api/uploads/${key}`)).statusCode).toBe(404);
  });

  it('is drawn once for an event without image: a 1200×630 JPEG with its title, date and city, the page pointing at it', async () => {
    const event = await make({
      title: 'Soirée « Jazz & Makossa » <au bord> du Wouri',
      location: { address: 'Akwa', city: 'Douala' },
    });
    const page = await get(event.publicPath);
    expect(page.body).toContain(`<meta property="og:image" content="${PUBLIC_URL}${event.publicPath}/apercu.jpg">`);
    const { renders, body } = await fortyAtOnce(`${event.publicPath}/apercu.jpg`);
    expect(renders).toBe(1);
    const info = await sharp(body).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
    if (process.env.PREVIEW_PNG) await sharp(body).png().toFile(process.env.PREVIEW_PNG);

    // A new title is drawn again (once); the same text is not.
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/events/${event._id}`,
      headers: bearer(owner),
      payload: { title: 'Soirée Jazz au Wouri' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const path2 = renamed.json().event.publicPath as string;
    const second = await fortyAtOnce(`${path2}/apercu.jpg`);
    expect(second.renders).toBe(1);
    expect(second.body.equals(body)).toBe(false);
    expect((await fortyAtOnce(`${path2}/apercu.jpg`)).renders).toBe(0);
  });

  it('is limited per address', async () => {
    const event = await make({ title: 'Limité' });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE; i += 1) statuses.push((await get(`${event.publicPath}/apercu.jpg`, '10.51.0.1')).statusCode);
    expect(statuses.slice(0, RATE)).toEqual(Array(RATE).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the drawn card', () => {
  it('escapes every text and keeps a long title to three lines', () => {
    const svg = cardSvg({
      siteName: 'Évènements <Cameroun>',
      title: `</text><script>alert(1)</script> & ${'très long titre '.repeat(20)}`,
      when: 'Samedi 12 juin 2027 à 18 h',
      city: 'Douala "centre"',
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    expect(svg).toContain('Douala &quot;centre&quot;');
    expect(svg.match(/<tspan /g)).toHaveLength(3);
    expect(wrap('un deux trois', 64, 10_000, 2)).toEqual(['un deux trois']);
  });
});
