import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { CreateEventInput } from '@app/shared/events';
import { eventImages, events } from '../../db/schema/index';
import { uploadUrl } from '../uploads/uploads.storage';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { createEvent, superadminToken } from '../../../test/helper';
import { addImage, buildPublicPagesApp, PUBLIC_URL, type PublicPagesTestApp } from '../../../test/public-pages';
import { agendaQuerySchema } from '@app/shared/public-pages';
import { AGENDA_MAX_PAGE, AGENDA_NO_MATCH, AGENDA_NOTHING_AHEAD, agendaRange, renderAgenda } from './agenda';
import { listAgendaCities } from './public-pages.repository';
import { LANDING_EVENTS, landingEvents } from './landing-events';
import { fcfa, priceFrom } from './format';

let testApp: PublicPagesTestApp;
let app: FastifyInstance;
let admin: string;
let owner: string;

beforeAll(async () => {
  testApp = await buildPublicPagesApp({}, { firstName: 'Awa', lastName: 'Ngono' });
  app = testApp.app;
  owner = testApp.owner.token;
  admin = await superadminToken(app);
});
afterAll(() => testApp.close());

const make = (overrides: Partial<CreateEventInput> = {}, status: 'draft' | 'published' | 'cancelled' = 'published') =>
  createEvent(app, owner, overrides, status);

function get(url: string) {
  return app.inject({ method: 'GET', url });
}

function meta(body: string, key: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`);
  return pattern.exec(body)?.[1]?.replaceAll('&amp;', '&');
}

function jsonLd(body: string): unknown {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body);
  return match ? JSON.parse(match[1] as string) : null;
}

const jsonLdSchema = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Event'),
  name: z.string().min(1),
  description: z.string(),
  startDate: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/),
  eventStatus: z.enum(['https://schema.org/EventScheduled', 'https://schema.org/EventCancelled']),
  eventAttendanceMode: z.literal('https://schema.org/OfflineEventAttendanceMode'),
  url: z.url(),
  image: z.array(z.url()).min(1),
  location: z.object({
    '@type': z.literal('Place'),
    name: z.string(),
    address: z.object({
      '@type': z.literal('PostalAddress'),
      streetAddress: z.string(),
      addressLocality: z.string(),
      addressCountry: z.string(),
    }),
  }),
  organizer: z.object({ '@type': z.string(), name: z.string() }),
  offers: z
    .array(
      z.object({
        '@type': z.literal('Offer'),
        name: z.string(),
        price: z.number().int().min(0),
        priceCurrency: z.literal('XAF'),
        availability: z.string(),
        url: z.url(),
      }),
    )
    .min(1),
});

describe('formats', () => {
  it('writes prices in francs CFA with thin spaces', () => {
    expect(fcfa(2000)).toBe('2\u202f000\u202fFCFA');
    expect(fcfa(1250000)).toBe('1\u202f250\u202f000\u202fFCFA');
    expect(priceFrom([5000, 2000])).toBe('à partir de 2\u202f000\u202fFCFA');
    expect(priceFrom([0, 2000])).toBe('Gratuit');
    expect(priceFrom([])).toBe('Gratuit');
  });

  it('computes today, this weekend and this month in Douala time', () => {
    // Thursday 2027-06-10 22:30 in Douala (21:30 UTC).
    const now = new Date('2027-06-10T21:30:00Z');
    expect(agendaRange('today', now).to?.toISOString()).toBe('2027-06-10T23:00:00.000Z');
    expect(agendaRange('weekend', now)).toEqual({
      from: new Date('2027-06-11T23:00:00Z'),
      to: new Date('2027-06-13T23:00:00Z'),
    });
    // On Sunday the weekend is the one under way.
    const sunday = new Date('2027-06-13T10:00:00Z');
    expect(agendaRange('weekend', sunday)).toEqual({ from: sunday, to: new Date('2027-06-13T23:00:00Z') });
    expect(agendaRange('month', now).to?.toISOString()).toBe('2027-06-30T23:00:00.000Z');
  });
});

describe('event page', () => {
  it('shows everything, with meta tags, a valid schema.org/Event and a 1200×630 JPEG preview', async () => {
    const event = await make({
      title: 'Concert au bord du Wouri',
      description: 'Une soirée <script>alert(1)</script> inoubliable.\n\nProgramme : https://example.org/programme?x=1&y=2.',
      location: { address: 'Quai du Wouri', city: 'Douala', coordinates: { latitude: 4.05, longitude: 9.7 } },
      category: 'concert',
      ticketTypes: [
        { name: 'Standard', price: 2000, quantity: 100 },
        { name: 'VIP', price: 15000, quantity: 10 },
      ],
      maxParticipants: 50,
    });
    await addImage(app, owner, event._id);
    const response = await get(event.publicPath);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = response.body;
    const url = `${PUBLIC_URL}${event.publicPath}`;
    expect(body).toContain('<h1>Concert au bord du Wouri</h1>');
    expect(body).toContain('Vendredi 12 juin 2099, de 18 h à 23 h');
    expect(body).toContain('2\u202f000\u202fFCFA');
    expect(body).toContain('15\u202f000\u202fFCFA');
    expect(body).toContain('Awa Ngono');
    expect(body).toContain('50 places restantes');
    expect(body).toContain('https://www.openstreetmap.org/?mlat=4.05&amp;mlon=9.7');
    expect(body).toContain('href="geo:4.05,9.7');
    // Nothing executable from the description; its link is clickable.
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain('<a href="https://example.org/programme?x=1&amp;y=2" rel="nofollow ugc noopener" target="_blank">');
    const whatsapp = /href="(https:\/\/wa\.me\/\?text=[^"]+)"/.exec(body)?.[1]?.replaceAll('&amp;', '&');
    expect(decodeURIComponent(new URL(whatsapp as string).searchParams.get('text') ?? '')).toContain(url);
    expect(body).toContain(`href="${event.publicPath}/calendrier.ics"`);
    expect(body).toMatch(
      /<img class="hero" src="\/api\/uploads\/[^"]+-medium\.webp" srcset="\/api\/uploads\/[^"]+-medium\.webp 800w, \/api\/uploads\/[^"]+-detail\.webp 1600w" sizes="[^"]+" alt="" width="1600" height="900"/,
    );

    expect(body).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(body, 'robots')).toBe('index, follow');
    expect(meta(body, 'og:title')).toBe('Concert au bord du Wouri — Évènements Cameroun');
    expect(meta(body, 'og:url')).toBe(url);
    expect(meta(body, 'og:description')).toMatch(/^Vendredi 12 juin 2099 à 18 h, Douala\. Une soirée/);
    expect(meta(body, 'og:image')).toBe(`${url}/apercu.jpg`);
    expect(meta(body, 'og:image:type')).toBe('image/jpeg');
    expect(meta(body, 'og:image:width')).toBe('1200');
    expect(meta(body, 'og:image:height')).toBe('630');
    expect(meta(body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(body, 'twitter:image')).toBe(`${url}/apercu.jpg`);

    const ld = jsonLdSchema.parse(jsonLd(body));
    expect(ld).toMatchObject({
      name: 'Concert au bord du Wouri',
      startDate: '2099-06-12T18:00:00+01:00',
      endDate: '2099-06-12T23:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      url,
      location: { address: { addressLocality: 'Douala', addressCountry: 'CM' } },
      organizer: { name: 'Awa Ngono' },
    });
    expect(ld.offers.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ['Standard', 2000, 'XAF'],
      ['VIP', 15000, 'XAF'],
    ]);

    const preview = await get(`${event.publicPath}/apercu.jpg`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const info = await sharp(preview.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('gives an event without image a drawn preview, and lists the next events of the same city', async () => {
    const first = await make({ title: 'Marché de Kribi', location: { address: 'Plage', city: 'Kribi' } });
    await make({
      title: 'Pêche à Kribi',
      location: { address: 'Port', city: 'Kribi' },
      startDateTime: '2099-07-01T10:00:00+01:00',
      endDateTime: '2099-07-01T12:00:00+01:00',
    });
    await make({ title: 'Brouillon à Kribi', location: { address: 'Port', city: 'Kribi' } }, 'draft');
    const body = (await get(first.publicPath)).body;
    // Its own preview, drawn with its title, date and city (decision 022), not the site's image.
    expect(meta(body, 'og:image')).toBe(`${PUBLIC_URL}${first.publicPath}/apercu.jpg`);
    expect(body).toContain('Prochains évènements à Kribi');
    expect(body).toContain('Pêche à Kribi');
    expect(body).not.toContain('Brouillon à Kribi');
    expect((await get(`${first.publicPath}/apercu.jpg`)).statusCode).toBe(200);
  });

  it('redirects an old slug (301) to the current one after a title change', async () => {
    const event = await make({ title: 'Ancien titre' });
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/events/${event._id}`,
      headers: bearer(owner),
      payload: { title: 'Nouveau titre' },
    });
    expect(renamed.statusCode).toBe(200);
    const current = renamed.json().event.publicPath as string;
    expect(current).toMatch(/^\/evenements\/nouveau-titre-[0-9a-f]{12}$/);
    const old = await get(event.publicPath);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(current);
    // A referral code follows the redirect, so the click is counted on the page.
    expect((await get(`${event.publicPath}?ref=AMI-1`)).headers.location).toBe(`${current}?ref=AMI-1`);
    const oldIcs = await get(`${event.publicPath}/calendrier.ics`);
    expect(oldIcs.statusCode).toBe(301);
    expect(oldIcs.headers.location).toBe(`${current}/calendrier.ics`);
    expect((await get(current)).statusCode).toBe(200);
    expect((await get('/evenements/nouveau-titre-000000000000')).statusCode).toBe(404);
    expect((await get('/evenements/pas-une-adresse')).statusCode).toBe(404);
  });

  it('serves a valid .ics file', async () => {
    const event = await make({
      title: 'Conférence Tech; édition, 2099',
      description:
        'Ligne 1\nLigne 2 avec un texte assez long pour devoir être replié à soixante-quinze octets, accents compris : éèà.',
    });
    const response = await get(`${event.publicPath}/calendrier.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    for (const line of response.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
    expect(vevent.summary).toBe('Conférence Tech; édition, 2099');
    expect(vevent.startDate.toJSDate().toISOString()).toBe('2099-06-12T17:00:00.000Z');
    expect(vevent.endDate.toJSDate().toISOString()).toBe('2099-06-12T22:00:00.000Z');
    expect(vevent.location).toBe('Boulevard du 20 Mai, Yaoundé, Cameroun');
    expect(vevent.description).toContain('Ligne 1\nLigne 2');
    expect(vevent.description).toContain(`${PUBLIC_URL}${event.publicPath}`);
    expect(vevent.uid).toBe(`${event._id}@evenements.example.cm`);
  });

  it('answers 404 for a draft and keeps a cancelled event 30 days marked Annulé, then 410', async () => {
    const draft = await make({ title: 'Brouillon secret' }, 'draft');
    const missing = await get(draft.publicPath);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Événement introuvable');
    expect(missing.body).not.toContain('Brouillon secret');
    expect((await get(`${draft.publicPath}/calendrier.ics`)).statusCode).toBe(404);

    const cancelled = await make({ title: 'Concert annulé' }, 'cancelled');
    const page = await get(cancelled.publicPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Annulé');
    expect(jsonLdSchema.parse(jsonLd(page.body)).eventStatus).toBe('https://schema.org/EventCancelled');
    expect((await get(`${cancelled.publicPath}/calendrier.ics`)).body).toContain('STATUS:CANCELLED');

    // The 30 days count from the cancellation, not from the row's last change (issue 24).
    await app.db
      .update(events)
      .set({ cancelledAt: new Date(Date.now() - 29 * 86_400_000), updatedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(events.id, cancelled._id));
    expect((await get(cancelled.publicPath)).statusCode).toBe(200);
    await app.db
      .update(events)
      .set({ cancelledAt: new Date(Date.now() - 31 * 86_400_000), updatedAt: new Date() })
      .where(eq(events.id, cancelled._id));
    const gone = await get(cancelled.publicPath);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Cet évènement a été annulé');
  });

  it('gives phones an 800 px WebP copy of the hero through srcset/sizes, served like the other sizes', async () => {
    const event = await make({ title: 'Festival des images', isPublic: false });
    // A photo-like picture (gradients and detail), so the byte sizes mean something.
    const width = 2400;
    const height = 1350;
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 3;
        raw[i] = (x * 255) / width;
        raw[i + 1] = 128 + 127 * Math.sin(x / 23) * Math.cos(y / 17);
        raw[i + 2] = (x ^ y) & 255;
      }
    }
    const photo = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const boundary = '----medium';
    const upload = await app.inject({
      method: 'POST',
      url: `/api/events/${event._id}/images`,
      headers: { ...bearer(owner), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);

    // Private: the page still needs the share link; with it, the hero offers both copies.
    expect((await get(event.publicPath)).statusCode).toBe(404);
    const page = await get(`${event.publicPath}?t=${event.shareToken}`);
    expect(page.statusCode).toBe(200);
    const hero = /<img class="hero"[^>]*>/.exec(page.body)?.[0] ?? '';
    const srcset = /srcset="([^"]+)"/.exec(hero)?.[1] ?? '';
    const [mediumEntry, detailEntry] = srcset.split(', ');
    const mediumUrl = mediumEntry?.replace(/ 800w$/, '') ?? '';
    const detailUrl = detailEntry?.replace(/ 1600w$/, '') ?? '';
    expect(mediumUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-medium\.webp$/);
    expect(detailUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-detail\.webp$/);
    expect(hero).toContain(`src="${mediumUrl}"`);
    expect(hero).toContain(
      'sizes="(min-width:1152px) 725px, (min-width:1024px) calc((100vw - 64px) * 2 / 3), calc(100vw - 32px)"',
    );
    expect(hero).toContain('width="1600" height="900"');

    const medium = await get(mediumUrl);
    const detail = await get(detailUrl);
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toBe('image/webp');
    expect(medium.headers['cache-control']).toBe(detail.headers['cache-control']);
    expect(medium.headers['cross-origin-resource-policy']).toBe(detail.headers['cross-origin-resource-policy']);
    const mediumInfo = await sharp(medium.rawPayload).metadata();
    expect([mediumInfo.format, mediumInfo.width, mediumInfo.height]).toEqual(['webp', 800, 450]);
    const detailInfo = await sharp(detail.rawPayload).metadata();
    expect([detailInfo.format, detailInfo.width, detailInfo.height]).toEqual(['webp', 1600, 900]);
    expect(medium.rawPayload.length).toBeLessThan(detail.rawPayload.length / 2);
    console.info(`hero bytes: detail ${detail.rawPayload.length}, medium ${medium.rawPayload.length}`);

    // The stored row names the same file.
    const [row] = await app.db.select().from(eventImages).where(eq(eventImages.eventId, event._id));
    expect(uploadUrl(row?.mediumKey ?? '')).toBe(mediumUrl);

    // An image stored before the medium copy existed falls back to the detail copy alone.
    await app.db.update(eventImages).set({ mediumKey: null }).where(eq(eventImages.eventId, event._id));
    const legacy = await get(`${event.publicPath}?t=${event.shareToken}`);
    expect(/<img class="hero"[^>]*>/.exec(legacy.body)?.[0]).toBe(
      `<img class="hero" src="${detailUrl}" alt="" width="1600" height="900" fetchpriority="high" decoding="async">`,
    );
  });

  it('opens a private event only with its current share link, noindex, never listed', async () => {
    const event = await make({
      title: 'Mariage privé de Sandrine',
      isPublic: false,
      location: { address: 'Salle des fêtes', city: 'Garoua' },
    });
    expect((await get(event.publicPath)).statusCode).toBe(404);
    expect((await get(`${event.publicPath}?t=faux`)).statusCode).toBe(404);
    const page = await get(`${event.publicPath}?t=${event.shareToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(meta(page.body, 'robots')).toBe('noindex, nofollow');
    expect(page.body).not.toContain('rel="canonical"');
    expect(jsonLd(page.body)).toBeNull();
    // The WhatsApp link and the calendar carry the share link, or the friend could not open it.
    expect(page.body).toContain(encodeURIComponent(`${PUBLIC_URL}${event.publicPath}?t=${event.shareToken}`));
    expect((await get(`${event.publicPath}/calendrier.ics?t=${event.shareToken}`)).statusCode).toBe(200);
    expect((await get(`${event.publicPath}/calendrier.ics`)).statusCode).toBe(404);

    expect((await get('/evenements?city=Garoua')).body).not.toContain('Mariage privé');
    app.sitemap.forget();
    expect((await get('/sitemap-1.xml')).body).not.toContain(event.publicPath);

    // Revoked: the old link no longer opens it.
    await app.inject({ method: 'POST', url: `/api/events/${event._id}/share-token`, headers: bearer(owner) });
    expect((await get(`${event.publicPath}?t=${event.shareToken}`)).statusCode).toBe(404);
  });
});

describe('Je participe', () => {
  it('offers a sign-in link that the page script turns into a toggle calling the community API', async () => {
    const event = await make({ title: 'Soirée contes', maxParticipants: 10 });
    const page = await get(event.publicPath);
    // Without JavaScript or signed out: a link to sign in, and nothing else to press.
    expect(page.body).toMatch(
      /<a class="btn" href="\/GetStarted\?next=[^"]+" data-participate="[0-9a-f-]{36}" data-testid="participate-signin">Se connecter pour participer<\/a>/,
    );
    expect(page.body).toContain('<p id="participer-msg" class="muted" role="status"></p>');
    expect(page.body).toContain('data-places="10"');
    // The script is a file of the site (CSP: no inline script but the header’s session flag), and knows the session token key.
    const script = /<script type="module" src="(\/evenements\/partage\.js\?v=[0-9a-f]+)"><\/script>/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const js = (await get(script as string)).body;
    expect(js).toContain('localStorage.getItem("token")');
    expect(js).toContain('/participants');

    const member = await tokenFor(app, await createUser(app));
    const state = () => app.inject({ method: 'GET', url: `/api/events/${event._id}/participants/me`, headers: bearer(member) });
    expect((await state()).json()).toMatchObject({ participating: false, participantsCount: 0 });
    await app.inject({ method: 'POST', url: `/api/events/${event._id}/participants`, headers: bearer(member) });
    expect((await state()).json()).toMatchObject({ participating: true, participantsCount: 1 });
    expect((await app.inject({ method: 'GET', url: `/api/events/${event._id}/participants/me` })).statusCode).toBe(401);
  });

  it('keeps a private event’s state to those who may see it, and carries its share link for joining', async () => {
    const event = await make({ title: 'Anniversaire privé', isPublic: false });
    const page = await get(`${event.publicPath}?t=${event.shareToken}`);
    expect(page.body).toContain(`data-share="${event.shareToken}"`);
    const stranger = await tokenFor(app, await createUser(app));
    const url = `/api/events/${event._id}/participants/me`;
    expect((await app.inject({ method: 'GET', url, headers: bearer(stranger) })).statusCode).toBe(404);
    const withLink = await app.inject({ method: 'GET', url: `${url}?shareToken=${event.shareToken}`, headers: bearer(stranger) });
    expect(withLink.statusCode).toBe(200);
    expect(withLink.json().participating).toBe(false);
  });

  it('offers nothing to join on a cancelled or finished event', async () => {
    const cancelled = await make({ title: 'Gala annulé' }, 'cancelled');
    expect((await get(cancelled.publicPath)).body).not.toContain('data-participate');
    const past = await make({
      title: 'Atelier terminé',
      startDateTime: '2021-01-01T09:00:00+01:00',
      endDateTime: '2021-01-01T10:00:00+01:00',
    });
    expect((await get(past.publicPath)).body).not.toContain('data-participate');
  });
});

describe('agenda', () => {
  it('lists upcoming public events with filters, accent-free search and paging links', async () => {
    for (let i = 1; i <= 13; i += 1) {
      await make({
        title: `Atelier numéro ${String(i).padStart(2, '0')}`,
        category: 'training',
        location: { address: 'Akwa', city: 'Bafoussam' },
        startDateTime: `2099-03-${String(i).padStart(2, '0')}T09:00:00+01:00`,
        endDateTime: `2099-03-${String(i).padStart(2, '0')}T12:00:00+01:00`,
        ticketTypes: [{ name: 'Entrée', price: 2000, quantity: 10 }],
      });
    }
    await make({
      title: 'Atelier passé',
      category: 'training',
      location: { address: 'Akwa', city: 'Bafoussam' },
      startDateTime: '2020-01-01T09:00:00+01:00',
      endDateTime: '2020-01-01T10:00:00+01:00',
    });

    const first = await get('/evenements?city=Bafoussam&category=training');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('13 évènements');
    expect(first.body.match(/<li class="card">/g)).toHaveLength(12);
    expect(first.body.indexOf('Atelier numéro 01')).toBeLessThan(first.body.indexOf('Atelier numéro 12'));
    expect(first.body).not.toContain('Atelier passé');
    expect(first.body).toContain('à partir de 2\u202f000\u202fFCFA');
    expect(first.body).toContain('Dim. 1 mars · 9 h');
    expect(first.body).toContain('Page 1 sur 2');
    expect(first.body).toContain('href="/evenements?city=Bafoussam&amp;category=training&amp;page=2"');
    expect(meta(first.body, 'robots')).toBe('noindex, follow');

    const second = await get('/evenements?city=Bafoussam&category=training&page=2');
    expect(second.body.match(/<li class="card">/g)).toHaveLength(1);
    expect(second.body).toContain('Atelier numéro 13');
    expect(second.body).toContain('rel="prev"');

    const search = await get(`/evenements?q=${encodeURIComponent('ATELIER NUMERO 07')}`);
    expect(search.body).toContain('Atelier numéro 07');
    expect(search.body.match(/<li class="card">/g)).toHaveLength(1);
    expect((await get('/evenements?category=concert&city=Bafoussam')).body).toContain('Aucun évènement ne correspond');
    expect(AGENDA_NO_MATCH).toBe('Aucun évènement ne correspond à votre recherche.');
    // A hand-typed wrong value is no filter, not an error.
    expect((await get('/evenements?date=demain&page=-3')).statusCode).toBe(200);

    const plain = await get('/evenements');
    expect(meta(plain.body, 'robots')).toBe('index, follow');
    expect(plain.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/evenements">`);
    expect(meta(plain.body, 'og:title')).toBe('Agenda des évènements — Évènements Cameroun');
  });
});

describe('agenda: Près de moi', () => {
  it('is a closed section, the same for every reader, whose script asks the nearby API with the session token', async () => {
    const agenda = await get('/evenements');
    expect(agenda.body).toContain('<details class="near" id="pres-de-moi" data-near>');
    // Without JavaScript: what it is, sign-in and Premium; the form waits for the script.
    expect(agenda.body).toContain('<a href="/GetStarted?next=%2Fevenements%23pres-de-moi">Se connecter</a>');
    expect(agenda.body).toContain('<a href="/mon-compte/premium">Découvrir Premium</a>');
    expect(agenda.body).toMatch(/<form class="filters" data-near-form hidden/);
    expect(agenda.body).toContain('<option value="yaounde">Yaoundé</option>');
    expect(agenda.body).toContain('<option value="10" selected>10 km</option>');
    const script = /<script type="module" src="(\/evenements\/pres-de-moi\.js\?v=[0-9a-f]+)"><\/script>/.exec(agenda.body)?.[1];
    expect(script).toBeDefined();
    const served = await get(script as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('text/javascript');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.body).toContain('localStorage.getItem("token")');
    expect(served.body).toContain('/api/events/nearby?');
    // What the API says is shown as text, never as markup.
    expect(served.body).not.toContain('innerHTML');
  });
});

describe('agenda: events running now', () => {
  it('lists first the events under way (started before, not ended), then the next ones, across pages without a gap or a repeat', async () => {
    const day = 24 * 3600_000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const place = { address: 'Quartier Roumdé Adjia', city: 'Garoua' };
    // Three under way (the longest started ten days ago), eleven to come, one over.
    for (const [title, start, end] of [
      ['Foire en cours A', -10 * day, 5 * day],
      ['Foire en cours B', -2 * day, 1 * day],
      ['Foire en cours C', -3600_000, 3600_000],
      ['Foire terminée', -3 * day, -day],
    ] as const) {
      await make({ title, category: 'business', location: place, startDateTime: at(start), endDateTime: at(end) });
    }
    for (let i = 1; i <= 11; i += 1) {
      await make({
        title: `Foire à venir ${String(i).padStart(2, '0')}`,
        category: 'business',
        location: place,
        startDateTime: at(i * day),
        endDateTime: at(i * day + 3600_000),
      });
    }
    const titlesOf = (body: string) => [...body.matchAll(/<h[23]><a href="[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]);
    const first = await get('/evenements?city=Garoua');
    expect(first.body).toContain('14 évènements');
    const second = await get('/evenements?city=Garoua&page=2');
    expect([...titlesOf(first.body), ...titlesOf(second.body)]).toEqual([
      'Foire en cours A',
      'Foire en cours B',
      'Foire en cours C',
      ...Array.from({ length: 11 }, (_, i) => `Foire à venir ${String(i + 1).padStart(2, '0')}`),
    ]);
    // Today: the events under way and those of the rest of the day; the city filter lists Garoua.
    expect(titlesOf((await get('/evenements?city=Garoua&date=today')).body)).toEqual([
      'Foire en cours A',
      'Foire en cours B',
      'Foire en cours C',
    ]);
    expect(first.body).toContain('<option value="Garoua" selected>Garoua</option>');
  });
});

describe('agenda at scale', () => {
  it('counts exactly up to 1 000 events, then says « Plus de 1 000 » and pages without a last page', async () => {
    await app.db.execute(sql`
      insert into events (title, description, start_date_time, end_date_time, address, city, category, status, search_text)
      select 'Match ' || n, 'Tournoi', now() + (n || ' hours')::interval, now() + (n + 2 || ' hours')::interval,
             'Stade', 'Ebolowa', 'sport', 'published', 'match ' || n
      from generate_series(1, 1005) as n`);
    const first = await get('/evenements?city=Ebolowa');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Plus de 1\u202f000 évènements');
    expect(first.body.match(/<li class="card">/g)).toHaveLength(12);
    expect(first.body).toContain('<span>Page 1</span>');
    expect(first.body).toContain('href="/evenements?city=Ebolowa&amp;page=2"');
    const narrowed = await get(`/evenements?city=Ebolowa&q=${encodeURIComponent('match 100')}`);
    // 100 and 1000–1005: an exact count again.
    expect(narrowed.body).toContain('7 évènements');
  });

  it('stops anonymous paging at the depth cap (the first 10 000 events) with a French message', async () => {
    const last = await get(`/evenements?page=${AGENDA_MAX_PAGE}`);
    expect(last.statusCode).toBe(200);
    expect(last.body).not.toContain('Page trop lointaine');
    const deep = await get(`/evenements?page=${AGENDA_MAX_PAGE + 1}`);
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('Page trop lointaine : affinez la recherche ou les filtres pour voir ces évènements.');
    expect(deep.body).toContain('Revenir à la première page');
    expect(deep.body).not.toContain('<li class="card">');
    expect((AGENDA_MAX_PAGE - 1) * 12).toBeLessThan(10_000);
    expect(AGENDA_MAX_PAGE * 12).toBeGreaterThanOrEqual(10_000);
  });
});

describe('sitemap, robots and landing highlights', () => {
  it('lists public event pages in the sitemap, never drafts or private ones', async () => {
    const open = await make({ title: 'Dans le plan du site' });
    const draft = await make({ title: 'Pas dans le plan' }, 'draft');
    // Built at most hourly (decision 022): this test's events are read by a build of their own.
    app.sitemap.forget();
    const response = await get('/sitemap-1.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/evenements`);
    expect(locs).toContain(`${PUBLIC_URL}${open.publicPath}`);
    expect(locs).not.toContain(`${PUBLIC_URL}${draft.publicPath}`);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);

    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /admin');
  });

  it('gives the landing page the next public events: highlighted first, then by date, never drafts, private, cancelled or past ones', async () => {
    // Events of January 2097, before every other test's later ones: the landing page's cards.
    const at = (day: number) => ({
      startDateTime: `2097-01-${String(day).padStart(2, '0')}T10:00:00+01:00`,
      endDateTime: `2097-01-${String(day).padStart(2, '0')}T12:00:00+01:00`,
    });
    const plain = await make({ title: 'Ordinaire du 2', ...at(2) });
    for (const day of [4, 6, 7]) await make({ title: `Ordinaire du ${day}`, ...at(day) });
    await make({ title: 'Brouillon du 1', ...at(1) }, 'draft');
    await make({ title: 'Privé du 1', isPublic: false, ...at(1) });
    await make({ title: 'Annulé du 1', ...at(1) }, 'cancelled');
    await make({
      title: 'Passé',
      startDateTime: '2020-01-01T10:00:00+01:00',
      endDateTime: '2020-01-01T12:00:00+01:00',
    });
    for (const day of [5, 3]) {
      const event = await make({ title: `Mis en avant du ${day}`, ...at(day) });
      const put = await app.inject({
        method: 'PUT',
        url: `/api/events/${event._id}`,
        headers: bearer(admin),
        payload: { isHighlighted: true },
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    // Seen from the last day of 2096: the other tests' events running now or soon are over then.
    const items = await landingEvents(app.db, new Date('2096-12-31T00:00:00Z'));
    expect(LANDING_EVENTS).toBe(6);
    expect(items.map((item) => [item.title, item.highlighted])).toEqual([
      ['Mis en avant du 3', true],
      ['Mis en avant du 5', true],
      ['Ordinaire du 2', false],
      ['Ordinaire du 4', false],
      ['Ordinaire du 6', false],
      ['Ordinaire du 7', false],
    ]);
    expect(items[2]?.href).toBe(plain.publicPath);
    expect(items[2]?.when).toBe('Mer. 2 janv. · 10 h');
  });
});

describe('the agenda without results', () => {
  it('says there is no upcoming event when nothing was searched, and that nothing matches after a search or filter', async () => {
    const deps = {
      db: app.db,
      publicUrl: PUBLIC_URL,
      siteName: async () => 'Évènements Cameroun',
      storage: app.storage,
      previews: app.previews,
      log: app.log,
      sponsored: app.ads.serve,
      agendaCities: (now: Date) => listAgendaCities(app.db, now),
    };
    // Seen from 2200, after every event of this file: the agenda is empty.
    const later = new Date('2200-01-01T00:00:00Z');
    const bare = await renderAgenda(deps, agendaQuerySchema.parse({}), later);
    expect(bare).toContain(`<p>${AGENDA_NOTHING_AHEAD}</p>`);
    expect(AGENDA_NOTHING_AHEAD).toBe('Aucun évènement à venir.');
    expect(bare).not.toContain(AGENDA_NO_MATCH);
    for (const query of [{ q: 'concert' }, { city: 'Douala' }, { category: 'sport' }, { date: 'weekend' }]) {
      const filtered = await renderAgenda(deps, agendaQuerySchema.parse(query), later);
      expect(filtered, JSON.stringify(query)).toContain(`<p>${AGENDA_NO_MATCH}</p>`);
      expect(filtered).not.toContain(AGENDA_NOTHING_AHEAD);
    }
  });
});
