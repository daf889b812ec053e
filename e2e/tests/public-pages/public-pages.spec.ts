import { type APIRequestContext, expect, type Page, test, type TestInfo } from '@playwright/test';
import { shotsIn } from '../../fixtures/shots';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../../fixtures/axe';
import { superadminToken } from '../../fixtures/auth';

const shot = shotsIn('public-pages');

/** axe runs inside the page, so only with JavaScript on; the HTML is the same without it. */
async function axe(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expectNoAxeViolations(page, page.url());
}

interface Made {
  _id: string;
  publicPath: string;
  shareToken: string;
}

/**
 * This file creates about 70 events a minute, over the per-account creation limit (60 a minute)
 * that the superadmin's other tests also draw on: its events are created by an administrator of
 * its own (manage_events), added once per worker; the superadmin adds images and publishes.
 */
let organiserToken: Promise<string> | undefined;
function eventOrganiserToken(request: APIRequestContext): Promise<string> {
  organiserToken ??= (async () => {
    const email = `organisateur.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@exemple.cm`;
    const password = `Agenda-Public-${Date.now().toString(36)}!`;
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${await superadminToken(request)}` },
      data: { firstName: 'Awa', lastName: 'Organisatrice', email, password, permissions: ['manage_events'] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const login = await request.post('/api/users/login', { data: { identifier: email, password } });
    expect(login.ok(), await login.text()).toBe(true);
    return ((await login.json()) as { token: string }).token;
  })();
  return organiserToken;
}

async function createEvent(
  request: APIRequestContext,
  fields: Record<string, unknown>,
  options: { publish?: boolean; image?: boolean } = {},
): Promise<Made> {
  const headers = { authorization: `Bearer ${await superadminToken(request)}` };
  const response = await request.post('/api/events', {
    headers: { authorization: `Bearer ${await eventOrganiserToken(request)}` },
    data: {
      description: 'Une belle soirée pour tous.\n\nInfos : https://example.org/infos',
      startDateTime: new Date(Date.now() + 10 * 86_400_000).toISOString(),
      endDateTime: new Date(Date.now() + 10 * 86_400_000 + 4 * 3600_000).toISOString(),
      location: { address: 'Rue de la Joie, Akwa', city: 'Douala' },
      category: 'concert',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const event = (await response.json()).event as Made;
  if (options.image) {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 15, g: 118, b: 110 } } })
      .png()
      .toBuffer();
    const added = await request.post(`/api/events/${event._id}/images`, {
      headers,
      multipart: { images: { name: 'affiche.png', mimeType: 'image/png', buffer: png } },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  if (options.publish !== false) expect((await request.put(`/api/events/${event._id}/publish`, { headers })).ok()).toBe(true);
  return event;
}

function unique(testInfo: TestInfo): string {
  return `${testInfo.project.name.slice(0, 3)}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`public pages, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('the agenda filters by city, category, date and words, and pages by links', async ({ page, request }, testInfo) => {
      const tag = unique(testInfo);
      const city = `Ville${tag}`;
      for (let i = 1; i <= 13; i += 1) {
        await createEvent(request, {
          title: `Soirée ${tag} n° ${String(i).padStart(2, '0')}`,
          location: { address: 'Bonanjo', city },
          startDateTime: new Date(Date.now() + (20 + i) * 86_400_000).toISOString(),
          endDateTime: new Date(Date.now() + (20 + i) * 86_400_000 + 3600_000).toISOString(),
          ticketTypes: [{ name: 'Entrée', price: 2000, quantity: 50 }],
        });
      }
      await createEvent(request, { title: `Atelier ${tag}`, category: 'training', location: { address: 'Bonanjo', city } });

      await page.goto('/evenements');
      await expect(page.getByRole('heading', { level: 1, name: 'Agenda des évènements' })).toBeVisible();
      await page.getByLabel('Ville').selectOption(city);
      await page.getByLabel('Catégorie').selectOption('concert');
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await expect(page).toHaveURL(/city=Ville/);
      const cards = page.locator('li.card');
      await expect(cards).toHaveCount(12);
      await expect(page.getByText('13 évènements')).toBeVisible();
      await expect(cards.first()).toContainText(`Soirée ${tag} n° 01`);
      await expect(cards.first()).toContainText('à partir de 2\u202f000\u202fFCFA');
      await expect(page.getByText('Page 1 sur 2')).toBeVisible();
      await axe(page, javaScriptEnabled);
      await shot(page, testInfo, `agenda-${javaScriptEnabled ? 'js' : 'nojs'}`);

      await page.getByRole('link', { name: 'Page suivante' }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`Soirée ${tag} n° 13`);

      // Accent-free search.
      await page.goto(`/evenements?q=${encodeURIComponent(`SOIREE ${tag} N° 07`)}`);
      await expect(cards).toHaveCount(1);
      await page.goto(`/evenements?city=${city}&category=training`);
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`Atelier ${tag}`);
      await page.getByLabel('Date').selectOption('today');
      await page.getByRole('button', { name: 'Filtrer' }).click();
      await expect(page.getByText('Aucun évènement ne correspond à votre recherche.')).toBeVisible();

      // A card leads to its page.
      await page.goto(`/evenements?city=${city}&category=training`);
      await cards.first().getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: `Atelier ${tag}` })).toBeVisible();
    });

    test('an event page shows everything, shares to WhatsApp, and its .ics parses', async ({
      page,
      request,
      context,
    }, testInfo) => {
      const tag = unique(testInfo);
      const event = await createEvent(
        request,
        {
          title: `Concert ${tag} au bord du Wouri`,
          location: { address: 'Quai du Wouri', city: 'Douala', coordinates: { latitude: 4.05, longitude: 9.7 } },
          ticketTypes: [
            { name: 'Standard', price: 2000, quantity: 80 },
            { name: 'VIP', price: 10000, quantity: 20 },
          ],
          maxParticipants: 100,
        },
        { image: true },
      );
      if (javaScriptEnabled) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(event.publicPath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Concert ${tag} au bord du Wouri`);
      const hero = page.locator('img.hero');
      await expect(hero).toHaveAttribute('width', '1200');
      await expect(hero).toHaveAttribute('height', '800');
      // srcset/sizes: both copies are offered; the 360 px phone (328 px column) downloads the 800 px one.
      await expect(hero).toHaveAttribute('srcset', /-medium\.webp 800w, \/api\/uploads\/[^ ]+-detail\.webp 1200w$/);
      if (testInfo.project.name === 'mobile') {
        await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-medium\.webp$/);
      }
      await expect(page.getByText(/^Du |de \d+ h/).first()).toBeVisible();
      await expect(page.getByText('Quai du Wouri, Douala')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Voir sur la carte (OpenStreetMap)' })).toHaveAttribute(
        'href',
        /openstreetmap\.org\/\?mlat=4\.05&mlon=9\.7/,
      );
      await expect(page.getByRole('cell', { name: '10\u202f000\u202fFCFA' })).toBeVisible();
      await expect(page.getByTestId('places-left')).toHaveText('100 places restantes');
      await expect(page.getByRole('link', { name: 'https://example.org/infos' })).toBeVisible();
      const pageUrl = new URL(event.publicPath, page.url()).toString();
      const whatsapp = await page.getByRole('link', { name: 'Partager sur WhatsApp' }).getAttribute('href');
      expect(new URL(whatsapp ?? '').searchParams.get('text')).toContain(pageUrl.replace(/^http:\/\/[^/]+/, ''));
      const copy = page.getByRole('button', { name: 'Copier le lien' });
      if (javaScriptEnabled) {
        await copy.click();
        await expect(page.getByRole('button', { name: 'Lien copié' })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(event.publicPath);
      } else {
        await expect(copy).toHaveCount(0);
      }
      await axe(page, javaScriptEnabled);
      await shot(page, testInfo, `event-${javaScriptEnabled ? 'js' : 'nojs'}`);

      const ics = await request.get(`${event.publicPath}/calendrier.ics`);
      expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
      const vevent = new ICAL.Event(
        new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent('vevent') as ICAL.Component,
      );
      expect(vevent.summary).toBe(`Concert ${tag} au bord du Wouri`);
      expect(vevent.location).toBe('Quai du Wouri, Douala, Cameroun');
      const preview = await request.get(`${event.publicPath}/apercu.jpg`);
      expect(preview.headers()['content-type']).toBe('image/jpeg');
      const meta = await sharp(await preview.body()).metadata();
      expect([meta.width, meta.height]).toEqual([1200, 630]);
    });

    test('a private event opens only with its share link; a draft is 404', async ({ page, request }, testInfo) => {
      const tag = unique(testInfo);
      const secret = await createEvent(request, { title: `Mariage ${tag}`, isPublic: false });
      const missing = await page.goto(secret.publicPath);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Événement introuvable' })).toBeVisible();
      await axe(page, javaScriptEnabled);

      const opened = await page.goto(`${secret.publicPath}?t=${secret.shareToken}`);
      expect(opened?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: `Mariage ${tag}` })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
      const whatsapp = await page.getByRole('link', { name: 'Partager sur WhatsApp' }).getAttribute('href');
      expect(new URL(whatsapp ?? '').searchParams.get('text')).toContain(`?t=${secret.shareToken}`);
      await page.goto(`/evenements?q=${encodeURIComponent(`Mariage ${tag}`)}`);
      await expect(page.getByText('Aucun évènement ne correspond à votre recherche.')).toBeVisible();

      const draft = await createEvent(request, { title: `Pas encore public ${tag}` }, { publish: false });
      expect((await page.goto(draft.publicPath))?.status()).toBe(404);
      await expect(page.getByText(`Pas encore public ${tag}`)).toHaveCount(0);
    });
  });
}
