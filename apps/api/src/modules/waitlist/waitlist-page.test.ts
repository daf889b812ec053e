import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '@app/shared/waitlist';
import { waitlistEntries } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { escapeHtml } from '../public-pages/html';

let testApp: TestApp;
let app: FastifyInstance;
let address = 0;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
});

/** A form post as a browser without JavaScript sends it, from an address of its own. */
function post(fields: Record<string, string>, token = app.formTokens.issue(Date.now() - 5000), url = '/liste-d-attente') {
  address += 1;
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${address}` },
    payload: new URLSearchParams({ website: '', formToken: token, ...fields }).toString(),
  });
}

describe('the waiting-list form without JavaScript', () => {
  it('signs up and answers an HTML page with the success message', async () => {
    const response = await post({ name: 'Ndongo Test', phone: '677 11 22 33', email: 'ndongo@example.cm' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(escapeHtml(WAITLIST_MESSAGES.success));
    expect(response.body).not.toContain('"code"');
    const [row] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.phone, '+237677112233'));
    expect(row?.name).toBe('Ndongo Test');
  });

  it('says « already registered » for the same phone, as the landing island does', async () => {
    const response = await post({ name: 'Ndongo Encore', phone: '+237 677 11 22 33', email: '' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(escapeHtml(WAITLIST_MESSAGES.alreadyRegistered));
  });

  it('shows field errors beside their fields and keeps what was typed, with a fresh token', async () => {
    const response = await post({ name: 'Awa <b>Test</b>', phone: '12', email: 'pas-un-email' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toMatch(/<input id="waitlist-phone" name="phone" value="12"[^>]*aria-invalid="true"/);
    expect(response.body).toMatch(/<p class="err" id="waitlist-phone-error">[^<]+<\/p>/);
    expect(response.body).toMatch(/<p class="err" id="waitlist-email-error">Adresse e-mail invalide<\/p>/);
    // Kept, and escaped.
    expect(response.body).toContain('value="Awa &lt;b&gt;Test&lt;/b&gt;"');
    expect(response.body).toContain('value="pas-un-email"');
    expect(response.body).toContain('role="alert"');
    const token = /name="formToken" value="([^"]+)"/.exec(response.body)?.[1];
    expect(app.formTokens.age(token)).not.toBeNull();
    const required = await post({ name: '', phone: '' });
    expect(required.body).toContain('Le nom est requis');
  });

  it('refuses a form sent too soon after its token, in French, as HTML', async () => {
    const response = await post({ name: 'Trop Rapide', phone: '677 99 88 11' }, app.formTokens.issue());
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(escapeHtml(WAITLIST_MESSAGES.tooFast));
    expect(response.body).toContain('value="Trop Rapide"');
  });

  it('keeps the per-address limit of forms without a valid token, answered as HTML', async () => {
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 6; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/liste-d-attente',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.18.0.77' },
        payload: new URLSearchParams({ name: `Sans Jeton ${i}`, phone: `69900113${i}` }).toString(),
      });
      statuses.push(response.statusCode);
      last = response.body;
    }
    expect(statuses.slice(0, 5), /role="alert">([^<]*)/.exec(last)?.[1]).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
    expect(last).toContain('Trop de tentatives');
  });

  it('shows the form with a valid token at GET /liste-d-attente', async () => {
    const response = await app.inject({ method: 'GET', url: '/liste-d-attente?ref=AMI-1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('action="/liste-d-attente?ref=AMI-1"');
    const token = /name="formToken" value="([^"]+)"/.exec(response.body)?.[1];
    expect(app.formTokens.age(token)).not.toBeNull();
  });
});

describe('/terms rendered on the server', () => {
  it('answers the conditions of use as HTML with their sections and the support contact', async () => {
    const settings = await app.settings.get();
    await app.settings.save({ ...settings, general: { ...settings.general, contactEmail: 'aide@exemple.cm' } }, null);
    const response = await app.inject({ method: 'GET', url: '/terms' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Conditions d’utilisation</h1>');
    for (const title of ['1. Objet', '3. Âge minimum', '5. Données personnelles et leur protection', '8. Contact']) {
      expect(response.body).toContain(title);
    }
    expect(response.body).toContain('13 ans et plus');
    expect(response.body).toContain('href="mailto:aide@exemple.cm"');
  });
});
