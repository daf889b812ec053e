import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { waitlistEntries } from '../src/db/schema/index';
import { todayInDouala } from '@app/shared/launch';
import { openTestDatabase } from './build-test-app';
import { bearer, createUser, tokenFor } from './factories';

let app: Awaited<ReturnType<typeof buildApp>>;
let distDir: string;
let dropDatabase: () => Promise<void>;

/**
 * A built web app in miniature: the prerender step's server bundle (here a stand-in that prints
 * the values it is given) and template, and the files filled with the public address.
 */
beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-landing-'));
  fs.mkdirSync(path.join(distDir, 'ssr'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html lang="fr"><body>prerendered</body></html>');
  fs.writeFileSync(path.join(distDir, 'app.html'), '<!doctype html><html lang="fr"><body>app shell</body></html>');
  fs.writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *\nSitemap: __PUBLIC_URL__/sitemap.xml\n');
  fs.writeFileSync(path.join(distDir, 'sitemap.xml'), '<urlset><url><loc>__PUBLIC_URL__/</loc></url></urlset>');
  fs.writeFileSync(
    path.join(distDir, 'ssr', 'landing.template.html'),
    '<!doctype html><html lang="fr"><head><link rel="canonical" href="__PUBLIC_URL__/"></head><body><!--app-html--></body></html>',
  );
  fs.writeFileSync(
    path.join(distDir, 'ssr', 'landing.mjs'),
    'export function renderLanding(template, data) { return template.replace("<!--app-html-->", "count=" + data.count + " email=" + data.contactEmail + " phone=" + data.supportPhone + " launch=" + data.launchDate + " today=" + data.today + " events=" + data.events.map((e) => e.title).join("|") + "<form action=\\"/liste-d-attente\\"><input name=\\"formToken\\" value=\\"" + data.formToken + "\\"></form>"); }',
  );
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'Admin-Passw0rd!',
    PUBLIC_URL: 'https://evenements.example.cm/',
  });
  const opened = await openTestDatabase(config);
  dropDatabase = opened.dropDatabase;
  app = await buildApp({ config, database: opened.database, webDistDir: distDir, logger: false });
});
afterAll(async () => {
  await app.close();
  await dropDatabase();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the landing page served with live values', () => {
  it('renders / with the waiting-list count and the support contact of the settings, refreshed after the cache time', async () => {
    const settings = await app.settings.get();
    await app.settings.save(
      { ...settings, general: { ...settings.general, contactEmail: 'aide@evenements.cm', supportPhone: '+237 699 00 11 22' } },
      null,
    );
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.body).toContain('count=0 email=aide@evenements.cm phone=+237 699 00 11 22');
    expect(first.body).toContain('<link rel="canonical" href="https://evenements.example.cm/">');

    await app.db.insert(waitlistEntries).values({ name: 'Awa', phone: '+237677000001' });
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 11_000);
    try {
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('count=1 ');
    } finally {
      later.mockRestore();
    }
  });

  it('gives the page the planned launch date of the settings at once after a save, and today in Douala', async () => {
    await app.inject({ method: 'GET', url: '/' });
    const token = await tokenFor(app, await createUser(app, { role: 'superadmin' }));
    const settings = await app.settings.get();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: bearer(token),
      payload: { ...settings, general: { ...settings.general, launchDate: '2027-03-01' } },
    });
    expect(saved.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('launch=2027-03-01');
    expect(page.body).toContain(`today=${todayInDouala()}`);
  });

  it('shows the next public events, and a published, edited or cancelled event at once (the cached page is refreshed)', async () => {
    const owner = await tokenFor(app, await createUser(app, { firstName: 'Organisatrice', lastName: 'Test' }));
    const settings = await app.settings.get();
    await app.settings.save({ ...settings, events: { ...settings.events, maxEventsPerUser: 100 } }, null);
    const write = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers: bearer(owner), payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    };
    const eventsShown = async () => / events=([^<]*)</.exec((await app.inject({ method: 'GET', url: '/' })).body)?.[1];
    const created = await write('POST', '/api/events', {
      title: 'Concert du port',
      description: 'Musique au bord du Wouri.',
      startDateTime: '2099-03-01T18:00:00+01:00',
      endDateTime: '2099-03-01T23:00:00+01:00',
      location: { address: 'Quai 1', city: 'Douala' },
      category: 'concert',
    });
    const id = (created.json() as { event: { _id: string } }).event._id;
    // Rendered (and cached) before the event is published: a draft is never shown.
    expect(await eventsShown()).toBe('');

    await write('PUT', `/api/events/${id}/publish`);
    expect(await eventsShown()).toBe('Concert du port');

    await write('PUT', `/api/events/${id}`, { title: 'Grand concert du port' });
    expect(await eventsShown()).toBe('Grand concert du port');

    await write('PUT', `/api/events/${id}/cancel`);
    expect(await eventsShown()).toBe('');
  });

  it('keeps the cached page through a waiting-list sign-up, which only moves the count', async () => {
    const before = await app.inject({ method: 'GET', url: '/' });
    const signup = await app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { name: 'Binam Test', phone: '+237677000099' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    // The same page (the count unchanged), the form token aside, fresh in every answer.
    const withoutToken = (body: string) => body.replace(/name="formToken" value="[^"]*"/, '');
    expect(withoutToken((await app.inject({ method: 'GET', url: '/' })).body)).toBe(withoutToken(before.body));
  });

  it('puts a fresh form token in the waiting-list form of every answer, the cached page too, and carries ?ref= into its address', async () => {
    const tokenOf = (body: string) => /name="formToken" value="([^"]+)"/.exec(body)?.[1];
    const now = Date.now();
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(app.formTokens.age(tokenOf(first.body))).not.toBeNull();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 5_000);
    try {
      // Within the cache time: the same page, with a token issued now, not when it was rendered.
      const second = await app.inject({ method: 'GET', url: '/?ref=AMI-42' });
      expect(app.formTokens.age(tokenOf(second.body), now + 5_000)).toBe(0);
      expect(second.body).toContain('action="/liste-d-attente?ref=AMI-42"');
      const odd = await app.inject({ method: 'GET', url: '/?ref=%22%3E%3Cscript%3E' });
      expect(odd.body).toContain('action="/liste-d-attente"');
    } finally {
      later.mockRestore();
    }
  });

  it('answers /index.html with the same live page', async () => {
    const response = await app.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('email=aide@evenements.cm');
  });

  it('never serves the server bundle or its template', async () => {
    for (const url of ['/ssr/landing.mjs', '/ssr/landing.template.html']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('fills robots.txt and sitemap.xml with the public address', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: https://evenements.example.cm/sitemap.xml');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>https://evenements.example.cm/sitemap-1.xml</loc>');
    const page = await app.inject({ method: 'GET', url: '/sitemap-1.xml' });
    expect(page.body).toContain('<loc>https://evenements.example.cm/</loc>');
  });

  it('falls back to the prerendered page when the values cannot be read', async () => {
    const failing = vi.spyOn(app.settings, 'get').mockRejectedValue(new Error('database down'));
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      const response = await app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('prerendered');
    } finally {
      failing.mockRestore();
      later.mockRestore();
    }
  });
});
