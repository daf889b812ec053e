import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateEventInput } from '@app/shared/events';
import { auditLog, events } from '../../db/schema/index';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type CreatedEvent, createEvent, superadminToken } from '../../../test/helper';
import { slugify } from './event-paths';

let testApp: TestApp;
let app: FastifyInstance;
let admin: string;
let owner: string;
let stranger: string;
/** The public address, unlike the one the requests come to (inject: localhost:80). */
const PUBLIC_URL = 'https://evenements.example.cm';

beforeAll(async () => {
  // A trailing '/' as people write it; the share link has none twice.
  testApp = await buildTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` });
  app = testApp.app;
  admin = await superadminToken(app);
  owner = await tokenFor(app, await createUser(app));
  stranger = await tokenFor(app, await createUser(app));
});
afterAll(async () => {
  await testApp.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  return app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function make(overrides: Partial<CreateEventInput> = {}, publish = true) {
  const event = await createEvent(
    app,
    owner,
    { title: 'Anniversaire privé de Nadège', description: 'Entre amis.', category: 'other', isPublic: false, ...overrides },
    publish ? 'published' : 'draft',
  );
  return event as CreatedEvent & { sharePath?: string; shareUrl?: string };
}

describe('share token of private events', () => {
  it('is set at creation, unguessable, and shown to the organiser and event managers only', async () => {
    const event = await make();
    expect(event.shareToken).toMatch(/^[\w-]{32}$/);
    expect(event.publicPath).toMatch(/^\/evenements\/anniversaire-prive-de-nadege-[0-9a-f]{12}$/);
    expect(event.sharePath).toBe(`${event.publicPath}?t=${event.shareToken}`);
    expect(event.shareUrl).toBe(`${PUBLIC_URL}${event.sharePath}`);

    const other = await make();
    expect(other.shareToken).not.toBe(event.shareToken);

    expect((await call('GET', `/events/${event._id}`, owner)).json().shareToken).toBe(event.shareToken);
    expect((await call('GET', `/events/${event._id}`, admin)).json().shareToken).toBe(event.shareToken);
    // Someone holding the link sees the event, not the token.
    const viaLink = await call('GET', `/events/${event._id}?t=${event.shareToken}`, stranger);
    expect(viaLink.statusCode).toBe(200);
    expect(viaLink.json().shareToken).toBeUndefined();
    expect(viaLink.json().sharePath).toBeUndefined();
    expect(viaLink.json().shareUrl).toBeUndefined();
    // Lists never carry it.
    const mine = (await call('GET', '/events?mine=true', owner)).json().items;
    expect(mine.length).toBeGreaterThan(0);
    for (const item of mine) expect(item.shareToken ?? item.shareUrl).toBeUndefined();
  });

  it('opens a private event only with the right token: by id alone it is 404', async () => {
    const event = await make();
    expect((await call('GET', `/events/${event._id}`)).statusCode).toBe(404);
    expect((await call('GET', `/events/${event._id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/events/${event._id}?t=wrong`)).statusCode).toBe(404);
    expect((await call('GET', `/events/${event._id}?t=${event.shareToken}`)).statusCode).toBe(200);

    expect((await call('GET', `/events/${event._id}?t=${event.shareToken}x`)).statusCode).toBe(404);
    expect((await call('GET', `/events/${event._id}?t=`)).statusCode).toBe(404);
    expect((await call('GET', `/events/00000000-0000-4000-8000-000000000000?t=${event.shareToken}`)).statusCode).toBe(404);
    const other = await make();
    expect((await call('GET', `/events/${other._id}?t=${event.shareToken}`)).statusCode).toBe(404);
  });

  it('is revoked by regenerating it (organiser or manage_events), audited; others cannot', async () => {
    const event = await make();
    const old = event.shareToken as string;
    const forbidden = await call('POST', `/events/${event._id}/share-token`, stranger);
    expect(forbidden.statusCode).toBe(404);
    expect(forbidden.json().code).toBe('NOT_FOUND');
    expect((await call('POST', `/events/${event._id}/share-token`)).statusCode).toBe(401);

    const renewed = await call('POST', `/events/${event._id}/share-token`, owner);
    expect(renewed.statusCode).toBe(200);
    const { shareToken, sharePath, shareUrl } = renewed.json();
    expect(shareToken).not.toBe(old);
    expect(sharePath).toBe(`${event.publicPath}?t=${shareToken}`);
    expect(shareUrl).toBe(`${PUBLIC_URL}${event.publicPath}?t=${shareToken}`);
    expect((await call('GET', `/events/${event._id}`, owner)).json().shareUrl).toBe(shareUrl);
    expect((await call('GET', `/events/${event._id}?t=${old}`)).statusCode).toBe(404);
    expect((await call('GET', `/events/${event._id}?t=${shareToken}`)).statusCode).toBe(200);

    const byAdmin = await call('POST', `/events/${event._id}/share-token`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect((await call('GET', `/events/${event._id}?t=${shareToken}`)).statusCode).toBe(404);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.targetId, event._id));
    expect(audits.filter((row) => row.action === 'event.share_token.regenerate')).toHaveLength(2);
  });

  it('keeps a draft hidden even with its token; public events need no token', async () => {
    const draft = await make({}, false);
    expect((await call('GET', `/events/${draft._id}?t=${draft.shareToken}`)).statusCode).toBe(404);
    const open = await make({ isPublic: true, title: 'Concert ouvert' });
    expect((await call('GET', `/events/${open._id}`)).statusCode).toBe(200);
  });

  it('gives existing rows a token and a short id (migration default), all different', async () => {
    const rows = await app.db.select({ shareToken: events.shareToken, shortId: events.shortId }).from(events);
    expect(new Set(rows.map((row) => row.shareToken)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.shortId)).size).toBe(rows.length);
    const [inserted] = await app.db
      .insert(events)
      .values({
        title: 'Sans jeton',
        description: 'x',
        startDateTime: new Date(),
        endDateTime: new Date(Date.now() + 3600_000),
        address: 'a',
        city: 'Douala',
        category: 'other',
      })
      .returning();
    expect(inserted?.shareToken).toMatch(/^[0-9a-f]{64}$/);
    expect(inserted?.shortId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('makes slugs of French titles', () => {
    expect(slugify('Fête de la Musique à Yaoundé !')).toBe('fete-de-la-musique-a-yaounde');
    expect(slugify('Cœur & Âme — 2027')).toBe('coeur-ame-2027');
    expect(slugify('!!!')).toBe('evenement');
  });
});
