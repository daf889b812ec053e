import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../build-test-app';
import { testAppForFile } from '../helper';

const testApp = testAppForFile(() => buildTestApp());
let app: FastifyInstance;
beforeAll(() => {
  app = testApp.app;
});

async function adminToken(language?: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: language ? { 'accept-language': language } : {},
    payload: { identifier: 'admin@test.local', password: 'Admin-Passw0rd!' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

describe('server messages follow Accept-Language, French by default', () => {
  it('answers a wrong sign-in in French without the header and in English with it', async () => {
    const payload = { identifier: 'nobody@test.local', password: 'Wrong-Passw0rd!' };
    const french = await app.inject({ method: 'POST', url: '/api/users/login', payload });
    expect(french.json().message).toBe('Identifiants invalides');
    const english = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' },
      payload,
    });
    expect(english.statusCode).toBe(french.statusCode);
    expect(english.json()).toMatchObject({ message: 'Invalid credentials', code: french.json().code });
    // A browser that prefers French keeps French.
    const preferFrench = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' },
      payload,
    });
    expect(preferFrench.json().message).toBe('Identifiants invalides');
  });

  it('translates validation field errors, success messages, 404s and permission refusals', async () => {
    const token = await adminToken('en');
    const en = { authorization: `Bearer ${token}`, 'accept-language': 'en' };
    const invalid = await app.inject({ method: 'POST', url: '/api/events', headers: en, payload: { title: '' } });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    const all = [body.message, ...Object.values(body.fieldErrors as Record<string, string[]>).flat()].join(' | ');
    expect(all).toContain('The title is required');
    expect(all).not.toMatch(/requis|est requise|Choisissez/);

    const missing = await app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'accept-language': 'en' } });
    expect(missing.json()).toEqual({ message: 'Resource not found', code: 'NOT_FOUND' });

    const noAuth = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: { 'accept-language': 'en' } });
    expect(noAuth.statusCode).toBe(401);
    expect(noAuth.json().message).not.toMatch(/[éè]|requise/);

    const french = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: '' },
    });
    expect(JSON.stringify(french.json())).toContain('Le titre est requis');
  });

  it('answers an unknown partner and an unknown business page in English (shared *_MESSAGES, issue 26 item 11)', async () => {
    const token = await adminToken();
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [url, french, english] of [
      [`/api/businesses/${unknown}`, 'Partenaire introuvable', 'Partner not found'],
      [`/api/business-event-pages/${unknown}`, 'Page introuvable', 'Page not found'],
    ] as const) {
      const inFrench = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(inFrench.statusCode, inFrench.body).toBe(404);
      expect(inFrench.json().message).toBe(french);
      const inEnglish = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      });
      expect(inEnglish.json()).toMatchObject({ message: english, code: inFrench.json().code });
    }
  });
});
