import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPrice } from '@app/shared/payments';
import { DEFAULT_SETTINGS, type Settings } from '@app/shared/settings';
import { appSettings, auditLog } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';

let testApp: TestApp;
let app: FastifyInstance;
let superadmin: string;
let adminsManager: string;
let usersManager: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  superadmin = await tokenFor(app, await createUser(app, { role: 'superadmin' }));
  adminsManager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_admins'] }));
  usersManager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users', 'manage_events'] }));
});
afterAll(async () => {
  await testApp?.close();
});

const clone = (): Settings => structuredClone(DEFAULT_SETTINGS);

function put(token: string, payload: unknown) {
  return app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(token), payload: payload as object });
}

describe('access to /api/admin/settings', () => {
  it('refuses anonymous callers with 401 and admins without manage_admins with 403', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/settings', payload: clone() })).statusCode).toBe(401);
    const read = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(usersManager) });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toMatch(/permission/);
    expect((await put(usersManager, clone())).statusCode).toBe(403);
  });

  it('answers the default settings to a superadmin and to an admin holding manage_admins', async () => {
    for (const token of [superadmin, adminsManager]) {
      const response = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(DEFAULT_SETTINGS);
    }
  });
});

describe('PUT /api/admin/settings', () => {
  it('saves the whole object, answers it, records an audit entry and serves it afterwards', async () => {
    const next = clone();
    next.general.siteName = 'Évènements du Littoral';
    next.general.contactEmail = 'bonjour@littoral.cm';
    next.events.maxEventsPerUser = 3;
    next.events.requireApproval = true;
    next.notifications.pushNotifications = true;
    next.security.passwordMinLength = 12;
    next.security.sessionTimeout = 2;
    next.security.maxLoginAttempts = 3;
    const response = await put(adminsManager, next);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(next);

    const read = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(superadmin) });
    expect(read.json()).toEqual(next);
    expect(await app.settings.get()).toEqual(next);

    const audits = await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.before).toEqual(DEFAULT_SETTINGS);
    expect(audits[0]?.after).toEqual(next);
    await put(superadmin, clone());
  });

  it('accepts numbers sent as numeric strings (form inputs) and stores integers', async () => {
    const next = clone() as unknown as { events: Record<string, unknown> };
    next.events.maxParticipantsPerEvent = '250';
    const response = await put(superadmin, next);
    expect(response.statusCode).toBe(200);
    expect(response.json().events.maxParticipantsPerEvent).toBe(250);
    await put(superadmin, clone());
  });

  it('saves the plans’ prices (FCFA, typed as text in the form): the next payment asks the new price', async () => {
    const next = clone() as unknown as { payments: Record<string, unknown> };
    next.payments = { monthlyPrice: '2500', yearlyPrice: 25000 };
    const response = await put(superadmin, next);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payments).toEqual({ monthlyPrice: 2500, yearlyPrice: 25000 });
    // What the payments module reads when a payment starts (planPrice of settings › payments).
    const prices = (await app.settings.get()).payments;
    expect(planPrice(prices, 'monthly')).toBe(2500);
    expect(planPrice(prices, 'yearly')).toBe(25000);
    const english = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...bearer(superadmin), 'accept-language': 'en' },
      payload: { ...clone(), payments: { monthlyPrice: 0, yearlyPrice: 20000 } },
    });
    expect(english.json().fieldErrors?.['payments.monthlyPrice']).toContain('The monthly price is at least 100 FCFA');
    await put(superadmin, clone());
    expect(planPrice((await app.settings.get()).payments, 'monthly')).toBe(2000);
  });

  it('takes the SMS countries as typed on the screen (« cm, FR ») and stores the codes', async () => {
    const next = clone() as unknown as { security: Record<string, unknown> };
    next.security.smsCountries = 'cm, FR';
    const response = await put(superadmin, next);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().security.smsCountries).toEqual(['CM', 'FR']);
    expect((await app.settings.get()).security.smsCountries).toEqual(['CM', 'FR']);
    const bad = await put(superadmin, { ...clone(), security: { ...clone().security, smsCountries: 'Cameroun' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Code pays invalide (deux lettres, ex. CM)');
    await put(superadmin, clone());
  });

  const invalid: [string, (s: Settings) => void, string, string][] = [
    ['empty site name', (s) => (s.general.siteName = '  '), 'general.siteName', 'Le nom du site est requis'],
    ['bad contact e-mail', (s) => (s.general.contactEmail = 'pas-un-email'), 'general.contactEmail', 'Adresse e-mail invalide'],
    [
      'bad support phone',
      (s) => (s.general.supportPhone = 'appelez-nous'),
      'general.supportPhone',
      'Numéro de téléphone invalide',
    ],
    [
      'too long description',
      (s) => (s.general.siteDescription = 'x'.repeat(501)),
      'general.siteDescription',
      '500 caractères au maximum',
    ],
    [
      '0 events per user',
      (s) => (s.events.maxEventsPerUser = 0),
      'events.maxEventsPerUser',
      'Au moins 1 évènement par utilisateur',
    ],
    [
      '1.5 events per user',
      (s) => (s.events.maxEventsPerUser = 1.5),
      'events.maxEventsPerUser',
      'Au moins 1 évènement par utilisateur',
    ],
    [
      '0 participants',
      (s) => (s.events.maxParticipantsPerEvent = 0),
      'events.maxParticipantsPerEvent',
      'Au moins 1 participant par évènement',
    ],
    [
      'password length 5',
      (s) => (s.security.passwordMinLength = 5),
      'security.passwordMinLength',
      'La longueur minimale du mot de passe est d’au moins 6',
    ],
    [
      'password length 65',
      (s) => (s.security.passwordMinLength = 65),
      'security.passwordMinLength',
      'La longueur minimale du mot de passe est de 64 au plus',
    ],
    [
      'launch on 30 February',
      (s) => (s.general.launchDate = '2027-02-30'),
      'general.launchDate',
      'Date de lancement invalide : une vraie date entre 2024 et 2100',
    ],
    [
      'launch date as typed in French',
      (s) => (s.general.launchDate = '15/12/2026'),
      'general.launchDate',
      'Date de lancement invalide : une vraie date entre 2024 et 2100',
    ],
    [
      'session 0 h',
      (s) => (s.security.sessionTimeout = 0),
      'security.sessionTimeout',
      'La durée de session est d’au moins 1 heure',
    ],
    [
      '0 login attempts',
      (s) => (s.security.maxLoginAttempts = 0),
      'security.maxLoginAttempts',
      'Au moins 1 tentative de connexion',
    ],
    [
      'a monthly price of 50 FCFA',
      (s) => (s.payments.monthlyPrice = 50),
      'payments.monthlyPrice',
      'Le prix mensuel est d’au moins 100 FCFA',
    ],
    [
      'a yearly price in decimals',
      (s) => (s.payments.yearlyPrice = 19999.5),
      'payments.yearlyPrice',
      'Le prix annuel est d’au moins 100 FCFA',
    ],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses ${name} with a French message on ${field}`, async () => {
      const next = clone();
      change(next);
      const response = await put(superadmin, next);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors?.[field]).toContain(message);
      expect(await app.settings.get()).toEqual(DEFAULT_SETTINGS);
    });
  }

  it('keeps the planned launch date (default 15 December 2026), fills it for settings stored before it existed', async () => {
    const get = (token: string) => app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
    expect((await get(superadmin)).json().general.launchDate).toBe('2026-12-15');
    const next = clone();
    next.general.launchDate = '2027-03-01';
    const saved = await put(superadmin, next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().general.launchDate).toBe('2027-03-01');
    expect((await get(superadmin)).json().general.launchDate).toBe('2027-03-01');
    const english = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { ...bearer(superadmin), 'accept-language': 'en' },
      payload: { ...next, general: { ...next.general, launchDate: '2027-13-01' } },
    });
    expect(english.json().fieldErrors?.['general.launchDate']).toContain(
      'Invalid launch date: a real date between 2024 and 2100',
    );
    // A settings row written before the launch date existed: the default fills it.
    const { launchDate: _launchDate, ...olderGeneral } = DEFAULT_SETTINGS.general;
    await app.db.update(appSettings).set({ data: { ...DEFAULT_SETTINGS, general: olderGeneral } as Settings });
    app.caches.settings.clear();
    expect((await app.settings.get()).general.launchDate).toBe('2026-12-15');
    expect((await put(superadmin, clone())).statusCode).toBe(200);
  });

  it('refuses a boolean flag sent as text, a missing section and an unknown key', async () => {
    const flag = clone() as unknown as { notifications: Record<string, unknown> };
    flag.notifications.emailNotifications = 'oui';
    expect((await put(superadmin, flag)).statusCode).toBe(400);

    const { security: _security, ...partial } = clone();
    const missing = await put(superadmin, partial);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors ?? {})).toContain('security');

    const extra = { ...clone(), theme: 'dark' };
    expect((await put(superadmin, extra)).statusCode).toBe(400);
    const nestedExtra = clone() as unknown as { general: Record<string, unknown> };
    nestedExtra.general.logo = 'x.png';
    expect((await put(superadmin, nestedExtra)).statusCode).toBe(400);
    expect(await app.settings.get()).toEqual(DEFAULT_SETTINGS);
  });
});
