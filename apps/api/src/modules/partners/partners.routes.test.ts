import fs from 'node:fs';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePartnerInput, PartnerDetail } from '@app/shared/partners';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { eventInput } from '../../../test/helper';
import { auditLog, eventImages, events, partnerActivities, partners, partnerUsers, users } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';
import { processLogo } from '../uploads/image-processing';

let testApp: TestApp;
let app: FastifyInstance;
let managerToken: string;
let manager: UserRow;

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await createUser(app, { role: 'admin', permissions: ['manage_partners'], firstName: 'Marie', lastName: 'Eyenga' });
  managerToken = await tokenFor(app, manager);
});
afterAll(async () => {
  await testApp.close();
});

let counter = 0;
function validPartner(overrides: Partial<CreatePartnerInput> = {}): CreatePartnerInput {
  counter++;
  return {
    name: `Brasserie Étoile ${counter}`,
    type: 'business',
    email: `contact${counter}@etoile.cm`,
    ...overrides,
  };
}

async function create(overrides: Partial<CreatePartnerInput> = {}): Promise<PartnerDetail> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/businesses',
    headers: bearer(managerToken),
    payload: validPartner(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().partner;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = managerToken) {
  return app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function tableCounts() {
  const [p] = await app.db.select({ n: count() }).from(partners);
  const [u] = await app.db.select({ n: count() }).from(partnerUsers);
  const [a] = await app.db.select({ n: count() }).from(auditLog);
  const [act] = await app.db.select({ n: count() }).from(partnerActivities);
  const [e] = await app.db.select({ n: count() }).from(events);
  return { partners: p?.n, partnerUsers: u?.n, audit: a?.n, activities: act?.n, events: e?.n };
}

function eventBody(partnerId?: string) {
  return eventInput({ title: 'Soirée dégustation', category: 'food', ...(partnerId ? { partnerId } : {}) });
}

describe('POST /businesses', () => {
  it('creates a pending, unverified partner with its phone in E.164, an audit row and an activity', async () => {
    const response = await call('POST', '/api/businesses', {
      name: '  Association Les Amis du Wouri ',
      type: 'association',
      email: ' Contact@AmisDuWouri.CM ',
      phone: '677 12 34 56',
      website: 'https://amisduwouri.cm',
      address: 'Akwa, Douala',
      description: 'Culture et solidarité',
    });
    expect(response.statusCode, response.body).toBe(201);
    const partner: PartnerDetail = response.json().partner;
    expect(partner).toMatchObject({
      name: 'Association Les Amis du Wouri',
      type: 'association',
      email: 'contact@amisduwouri.cm',
      phone: '+237677123456',
      website: 'https://amisduwouri.cm',
      location: { address: 'Akwa, Douala' },
      status: 'pending',
      isVerified: false,
      logo: null,
      authorizedUsers: [],
      eventsCount: 0,
    });
    expect(partner.recentActivity.map((a) => a.description)).toEqual(['Partenaire créé']);
    expect(partner.recentActivity[0]?.actorName).toBe('Marie Eyenga');
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, partner._id));
    expect(audit.map((row) => row.action)).toEqual(['partner.create']);
  });

  it('refuses each form rule with its French message on the field, and writes nothing', async () => {
    const before = await tableCounts();
    const empty = await call('POST', '/api/businesses', { name: ' ', type: '', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      name: ['Le nom est requis'],
      type: ['Le type est requis'],
      email: ['L’adresse e-mail est requise'],
    });
    const missing = await call('POST', '/api/businesses', {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors ?? {}).sort()).toEqual(['email', 'name', 'type']);
    const bad = await call('POST', '/api/businesses', {
      name: 'X',
      type: 'company',
      email: 'pas-un-email',
      website: 'pas une url',
      phone: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      type: ['Le type est requis'],
      email: ['Adresse e-mail invalide'],
      website: ['Le site web doit être une URL valide (https://…)'],
      phone: ['Numéro de téléphone invalide'],
    });
    expect(await tableCounts()).toEqual(before);
  });

  it('answers 409 PARTNER_EMAIL_TAKEN for an e-mail already used (any case), and writes nothing', async () => {
    const first = await create({ email: 'unique@partenaire.cm' });
    const before = await tableCounts();
    const response = await call('POST', '/api/businesses', validPartner({ email: 'UNIQUE@partenaire.cm' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PARTNER_EMAIL_TAKEN', fieldErrors: { email: [expect.any(String)] } });
    expect(await tableCounts()).toEqual(before);
    // Editing another partner to that address is refused the same way.
    const second = await create();
    const edit = await call('PUT', `/api/businesses/${second._id}`, { email: first.email });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('PARTNER_EMAIL_TAKEN');
  });

  it('is counted by the dashboard card "Partenaires business"', async () => {
    const superadmin = (await app.db.select().from(users).where(eq(users.role, 'superadmin')))[0] as UserRow;
    const token = await tokenFor(app, superadmin);
    const before = (await call('GET', '/api/stats/dashboard', undefined, token)).json().businesses;
    await create();
    const after = (await call('GET', '/api/stats/dashboard', undefined, token)).json();
    expect(after.businesses).toBe(before + 1);
    expect(after.totalPartners).toBe(before + 1);
  });
});

describe('GET /businesses', () => {
  let tag: string;
  beforeAll(async () => {
    tag = `zq${Date.now().toString(36)}`;
    const made = [];
    made.push(await create({ name: `Café Élégance ${tag}`, type: 'business', phone: '699 00 11 22' }));
    made.push(await create({ name: `Association Sòlidaire ${tag}`, type: 'association' }));
    made.push(await create({ name: `Jean Individuel ${tag}`, type: 'individual', email: `jean.${tag}@mail.cm` }));
    await call('PUT', `/api/businesses/${made[0]?._id}/verify`);
    await call('PUT', `/api/businesses/${made[1]?._id}/verify`);
    await call('PUT', `/api/businesses/${made[1]?._id}/block`);
  });

  function list(query: string) {
    return call('GET', `/api/businesses?${query}`);
  }

  it('searches name, e-mail and phone without accents or case, newest first', async () => {
    const all = (await list(`q=${tag}`)).json();
    expect(all.total).toBe(3);
    expect(all.items.map((p: PartnerDetail) => p.name)).toEqual([
      `Jean Individuel ${tag}`,
      `Association Sòlidaire ${tag}`,
      `Café Élégance ${tag}`,
    ]);
    expect((await list(`q=${encodeURIComponent(`cafe elegance ${tag}`)}`)).json().total).toBe(1);
    expect((await list(`q=${encodeURIComponent(`SOLIDAIRE ${tag}`)}`)).json().total).toBe(1);
    expect((await list(`q=jean.${tag}@MAIL`)).json().total).toBe(1);
    expect((await list('q=699001122')).json().items.map((p: PartnerDetail) => p.name)).toEqual([`Café Élégance ${tag}`]);
    expect((await list('q=%2B237699001122')).json().total).toBe(1);
    expect((await list('q=100%25')).json().total).toBe(0);
  });

  it('filters by status, type and verification, and pages', async () => {
    const names = async (query: string) => (await list(`q=${tag}&${query}`)).json().items.map((p: PartnerDetail) => p.name);
    expect(await names('status=active')).toEqual([`Café Élégance ${tag}`]);
    expect(await names('status=blocked')).toEqual([`Association Sòlidaire ${tag}`]);
    expect(await names('status=pending')).toEqual([`Jean Individuel ${tag}`]);
    expect(await names('type=individual')).toEqual([`Jean Individuel ${tag}`]);
    expect(await names('type=business&verification=verified')).toEqual([`Café Élégance ${tag}`]);
    expect(await names('verification=unverified')).toEqual([`Jean Individuel ${tag}`]);
    const page2 = (await list(`q=${tag}&limit=2&page=2`)).json();
    expect(page2.total).toBe(3);
    expect(page2.items.map((p: PartnerDetail) => p.name)).toEqual([`Café Élégance ${tag}`]);
    expect((await list('status=gone')).statusCode).toBe(400);
    expect((await list('verification=maybe')).statusCode).toBe(400);
  });
});

describe('GET / PUT /businesses/{id}', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', `/api/businesses/${unknown}`],
      ['PUT', `/api/businesses/${unknown}`, { name: 'X' }],
      ['PUT', `/api/businesses/${unknown}/block`],
      ['PUT', `/api/businesses/${unknown}/verify`],
      ['POST', `/api/partners/${unknown}/users`, { identifier: 'x@y.cm' }],
      ['DELETE', `/api/partners/${unknown}/users/${unknown}`],
      ['DELETE', `/api/businesses/${unknown}/logo`],
    ] as const) {
      const response = await call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await call('GET', '/api/businesses/abc')).statusCode).toBe(400);
  });

  it('edits fields, clears optional ones with "", refreshes the search, and records it', async () => {
    const partner = await create({ phone: '677000001', website: 'https://avant.cm' });
    const response = await call('PUT', `/api/businesses/${partner._id}`, {
      name: 'Nouveau Nom Ébène',
      type: 'individual',
      website: '',
      phone: '+237 6 99 88 77 66',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().partner).toMatchObject({
      name: 'Nouveau Nom Ébène',
      type: 'individual',
      website: null,
      phone: '+237699887766',
      email: partner.email,
    });
    expect(response.json().partner.recentActivity[0].description).toBe('Informations modifiées');
    expect((await call('GET', '/api/businesses?q=nouveau%20nom%20ebene')).json().total).toBe(1);
    expect((await call('PUT', `/api/businesses/${partner._id}`, {})).statusCode).toBe(400);
    expect((await call('PUT', `/api/businesses/${partner._id}`, { website: 'ftp://x.cm' })).statusCode).toBe(400);
  });

  it('edits every field of creation at once, and the audit row holds each before and after', async () => {
    const partner = await create({ phone: '677000002', website: 'https://avant.cm', description: 'Avant', address: 'Akwa' });
    const body = {
      name: 'Maquis Rénové',
      type: 'association',
      email: 'renove@maquis.cm',
      phone: '699 88 77 65',
      website: 'https://apres.cm',
      description: 'Après',
      address: 'Bonapriso',
    } as const;
    const response = await call('PUT', `/api/businesses/${partner._id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    const { address, ...shown } = body;
    expect(response.json().partner).toMatchObject({ ...shown, phone: '+237699887765', location: { address } });
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, partner._id))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit?.action).toBe('partner.update');
    expect(audit?.before).toMatchObject({
      name: partner.name,
      type: 'business',
      description: 'Avant',
      address: 'Akwa',
      website: 'https://avant.cm',
    });
    expect(audit?.after).toMatchObject({
      name: 'Maquis Rénové',
      type: 'association',
      email: 'renove@maquis.cm',
      phone: '+237699887765',
      website: 'https://apres.cm',
      description: 'Après',
      address: 'Bonapriso',
    });
  });
});

describe('status and verification (active, blocked, pending until verified)', () => {
  it('verify makes a pending partner active; block / unblock; 409 from the wrong state, nothing changed', async () => {
    const partner = await create();
    const blockPending = await call('PUT', `/api/businesses/${partner._id}/block`);
    expect(blockPending.statusCode).toBe(409);
    const verified = await call('PUT', `/api/businesses/${partner._id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().partner).toMatchObject({ status: 'active', isVerified: true });
    expect((await call('PUT', `/api/businesses/${partner._id}/verify`)).statusCode).toBe(409);
    expect((await call('PUT', `/api/businesses/${partner._id}/unblock`)).statusCode).toBe(409);
    const blocked = await call('PUT', `/api/businesses/${partner._id}/block`);
    expect(blocked.json().partner).toMatchObject({ status: 'blocked', isVerified: true });
    const unverified = await call('PUT', `/api/businesses/${partner._id}/unverify`);
    expect(unverified.json().partner).toMatchObject({ status: 'blocked', isVerified: false });
    const unblocked = await call('PUT', `/api/businesses/${partner._id}/unblock`);
    expect(unblocked.json().partner).toMatchObject({ status: 'active', isVerified: false });
    expect(unblocked.json().partner.recentActivity.map((a: { description: string }) => a.description)).toEqual([
      'Partenaire débloqué',
      'Vérification retirée',
      'Partenaire bloqué',
      'Partenaire vérifié',
      'Partenaire créé',
    ]);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, partner._id));
    expect(audit.map((row) => row.action).sort()).toEqual(
      ['partner.create', 'partner.verify', 'partner.block', 'partner.unverify', 'partner.unblock'].sort(),
    );
    expect((await call('PUT', `/api/businesses/${partner._id}/delete`)).statusCode).toBe(400);
  });
});

describe('authorised users', () => {
  it('adds an account by e-mail, phone or username; refuses unknown, blocked and duplicate accounts', async () => {
    const partner = await create();
    const byEmail = await createUser(app, { email: 'awa.partenaire@example.cm', firstName: 'Awa', lastName: 'Fouda' });
    const byPhone = await createUser(app, { phone: '+237690112233' });
    const byName = await createUser(app, { username: 'Kribi_Events' });
    const blocked = await createUser(app, { email: 'bloque@example.cm', isBlocked: true });

    const first = await call('POST', `/api/partners/${partner._id}/users`, { identifier: 'AWA.partenaire@example.cm' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().partner.authorizedUsers.map((u: { _id: string }) => u._id)).toEqual([byEmail.id]);
    expect(first.json().partner.recentActivity[0].description).toBe('Utilisateur autorisé ajouté : Awa Fouda');
    expect((await call('POST', `/api/partners/${partner._id}/users`, { identifier: '690 11 22 33' })).statusCode).toBe(200);
    expect((await call('POST', `/api/partners/${partner._id}/users`, { identifier: 'kribi_events' })).statusCode).toBe(200);

    const before = await tableCounts();
    const unknown = await call('POST', `/api/partners/${partner._id}/users`, { identifier: 'personne@nulle.part' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'Aucun compte ne correspond à cet identifiant',
      fieldErrors: { identifier: ['Aucun compte ne correspond à cet identifiant'] },
    });
    const refusedBlocked = await call('POST', `/api/partners/${partner._id}/users`, { identifier: blocked.email });
    expect(refusedBlocked.statusCode).toBe(409);
    expect(refusedBlocked.json()).toMatchObject({
      code: 'USER_BLOCKED',
      message: 'Ce compte est bloqué : il ne peut pas être autorisé',
    });
    const twice = await call('POST', `/api/partners/${partner._id}/users`, { identifier: byName.username });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_AUTHORIZED', message: 'Ce compte est déjà autorisé pour ce partenaire' });
    const empty = await call('POST', `/api/partners/${partner._id}/users`, { identifier: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(await tableCounts()).toEqual(before);

    const detail = (await call('GET', `/api/businesses/${partner._id}`)).json();
    expect(detail.authorizedUsers.map((u: { _id: string }) => u._id).sort()).toEqual([byEmail.id, byPhone.id, byName.id].sort());
  });

  it('removes an authorised user (404 when not one), with an audit row and an activity', async () => {
    const partner = await create();
    const member = await createUser(app, { firstName: 'Paul', lastName: 'Biya' });
    await call('POST', `/api/partners/${partner._id}/users`, { identifier: member.email });
    const removed = await call('DELETE', `/api/partners/${partner._id}/users/${member.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().partner.authorizedUsers).toEqual([]);
    expect(removed.json().partner.recentActivity[0].description).toBe('Utilisateur autorisé retiré : Paul Biya');
    const again = await call('DELETE', `/api/partners/${partner._id}/users/${member.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_AUTHORIZED_USER');
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, partner._id));
    expect(audit.map((row) => row.action)).toContain('partner.user.remove');
  });
});

describe('events on behalf of a partner', () => {
  it('an authorised user creates an event shown with the partner as organiser, and loses the right when removed', async () => {
    const partner = await create({ name: 'Festival Ngondo SARL' });
    await call('PUT', `/api/businesses/${partner._id}/verify`);
    const member = await createUser(app, { firstName: 'Ekwalla', lastName: 'Mbappe' });
    const memberToken = await tokenFor(app, member);
    await call('POST', `/api/partners/${partner._id}/users`, { identifier: member.email });

    const mine = (await call('GET', '/api/partners/mine', undefined, memberToken)).json();
    expect(mine.items.map((p: { _id: string }) => p._id)).toEqual([partner._id]);

    const created = await call('POST', '/api/events', eventBody(partner._id), memberToken);
    expect(created.statusCode, created.body).toBe(201);
    const event = created.json().event;
    expect(event).toMatchObject({ organizerId: member.id, partnerId: partner._id, creator: { name: 'Festival Ngondo SARL' } });
    const listed = (await call('GET', '/api/events?mine=true', undefined, memberToken)).json();
    expect(listed.items.find((e: { _id: string }) => e._id === event._id)?.creator).toEqual({ name: 'Festival Ngondo SARL' });
    const detail = (await call('GET', `/api/businesses/${partner._id}`)).json();
    expect(detail.eventsCount).toBe(1);
    expect(detail.recentActivity[0].description).toBe('Événement créé : Soirée dégustation');

    await call('DELETE', `/api/partners/${partner._id}/users/${member.id}`);
    const before = await tableCounts();
    const refused = await call('POST', '/api/events', eventBody(partner._id), memberToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'NOT_PARTNER_USER',
      message: 'Vous n’êtes pas un utilisateur autorisé de ce partenaire',
    });
    expect(await tableCounts()).toEqual(before);
    expect((await call('GET', '/api/partners/mine', undefined, memberToken)).json().items).toEqual([]);
    // Without a partner the account still creates its own events.
    const own = await call('POST', '/api/events', eventBody(), memberToken);
    expect(own.statusCode).toBe(201);
    expect(own.json().event).toMatchObject({ partnerId: null, creator: { name: 'Ekwalla Mbappe' } });
  });

  it('loses the right at once when the partner is blocked, and gets it back when unblocked', async () => {
    const partner = await create();
    await call('PUT', `/api/businesses/${partner._id}/verify`);
    const member = await createUser(app);
    const memberToken = await tokenFor(app, member);
    await call('POST', `/api/partners/${partner._id}/users`, { identifier: member.email });
    await call('PUT', `/api/businesses/${partner._id}/block`);
    const before = await tableCounts();
    const refused = await call('POST', '/api/events', eventBody(partner._id), memberToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PARTNER_BLOCKED');
    expect(await tableCounts()).toEqual(before);
    await call('PUT', `/api/businesses/${partner._id}/unblock`);
    expect((await call('POST', '/api/events', eventBody(partner._id), memberToken)).statusCode).toBe(201);
  });

  describe('a removed or blocked partner user no longer changes the partner’s events (issue 24, finding 5)', () => {
    interface Scene {
      partnerId: string;
      member: UserRow;
      token: string;
      draft: string;
      published: string;
      imageId: string;
    }

    async function imageForm() {
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
        .png()
        .toBuffer();
      const boundary = `----partner${Math.random().toString(16).slice(2)}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    }

    function addImages(id: string, token: string) {
      return imageForm().then((form) =>
        app.inject({
          method: 'POST',
          url: `/api/events/${id}/images`,
          headers: { ...bearer(token), ...form.headers },
          payload: form.payload,
        }),
      );
    }

    /** An active partner, one authorised user, a draft and a published event (with an image) made for it. */
    async function scene(): Promise<Scene> {
      const partner = await create();
      await call('PUT', `/api/businesses/${partner._id}/verify`);
      const member = await createUser(app);
      const token = await tokenFor(app, member);
      await call('POST', `/api/partners/${partner._id}/users`, { identifier: member.email });
      const draft = (await call('POST', '/api/events', eventBody(partner._id), token)).json().event._id;
      const published = (await call('POST', '/api/events', eventBody(partner._id), token)).json().event._id;
      expect((await call('PUT', `/api/events/${published}/publish`, undefined, token)).statusCode).toBe(200);
      const withImage = await addImages(draft, token);
      expect(withImage.statusCode, withImage.body).toBe(200);
      return { partnerId: partner._id, member, token, draft, published, imageId: withImage.json().event.images[0]._id };
    }

    async function state(s: Scene) {
      const rows = await app.db.select().from(events).where(eq(events.partnerId, s.partnerId));
      const images = await app.db.select({ n: count() }).from(eventImages);
      return { rows: rows.sort((a, b) => a.id.localeCompare(b.id)), images: images[0]?.n };
    }

    const ROUTES: { name: string; send: (s: Scene) => Promise<LightMyRequestResponse> }[] = [
      { name: 'PUT /events/{id}', send: (s) => call('PUT', `/api/events/${s.draft}`, { title: 'Titre repris' }, s.token) },
      { name: 'PUT /events/{id}/publish', send: (s) => call('PUT', `/api/events/${s.draft}/publish`, undefined, s.token) },
      { name: 'PUT /events/{id}/cancel', send: (s) => call('PUT', `/api/events/${s.published}/cancel`, undefined, s.token) },
      { name: 'POST /events/{id}/images', send: (s) => addImages(s.draft, s.token) },
      {
        name: 'DELETE /events/{id}/images/{imageId}',
        send: (s) => call('DELETE', `/api/events/${s.draft}/images/${s.imageId}`, undefined, s.token),
      },
      {
        name: 'POST /events/{id}/share-token',
        send: (s) => call('POST', `/api/events/${s.draft}/share-token`, undefined, s.token),
      },
      { name: 'DELETE /events/{id}', send: (s) => call('DELETE', `/api/events/${s.draft}`, undefined, s.token) },
    ];

    for (const route of ROUTES) {
      it(`${route.name}: refused once the user is removed or the partner blocked, nothing changed; allowed to a member`, async () => {
        for (const [how, code] of [
          ['removed', 'NOT_PARTNER_USER'],
          ['blocked', 'PARTNER_BLOCKED'],
        ] as const) {
          const s = await scene();
          if (how === 'removed') await call('DELETE', `/api/partners/${s.partnerId}/users/${s.member.id}`);
          else await call('PUT', `/api/businesses/${s.partnerId}/block`);
          const before = await state(s);
          const refused = await route.send(s);
          expect(refused.statusCode, `${how}: ${refused.body}`).toBe(403);
          expect(refused.json().code).toBe(code);
          expect(await state(s)).toEqual(before);
        }
        const member = await scene();
        const allowed = await route.send(member);
        expect(allowed.statusCode, allowed.body).toBe(200);
      });
    }

    it('GET /events/{id}: the share link and the partner’s drafts are no longer shown to a removed user', async () => {
      const s = await scene();
      const own = (await call('GET', `/api/events/${s.published}`, undefined, s.token)).json();
      expect(own.shareToken).toEqual(expect.any(String));
      await call('DELETE', `/api/partners/${s.partnerId}/users/${s.member.id}`);
      const after = await call('GET', `/api/events/${s.published}`, undefined, s.token);
      expect(after.statusCode).toBe(200);
      expect(after.json()).not.toHaveProperty('shareToken');
      expect(after.json()).not.toHaveProperty('sharePath');
      expect((await call('GET', `/api/events/${s.draft}`, undefined, s.token)).statusCode).toBe(404);
    });
  });

  it('an account that was never authorised, or an unknown partner, is refused alike', async () => {
    const partner = await create();
    const stranger = await createUser(app);
    const token = await tokenFor(app, stranger);
    for (const partnerId of [partner._id, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('POST', '/api/events', eventBody(partnerId), token);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NOT_PARTNER_USER');
    }
  });

  it('acts only for the partners it is authorised for: a user of one partner is refused for another (issue 26, item 11)', async () => {
    const own = await create({ name: 'Brasserie du Littoral' });
    const other = await create({ name: 'Cave de Bonanjo' });
    for (const partner of [own, other]) await call('PUT', `/api/businesses/${partner._id}/verify`);
    const member = await createUser(app);
    const token = await tokenFor(app, member);
    for (const partner of [own, other]) await call('POST', `/api/partners/${partner._id}/users`, { identifier: member.email });
    const otherEvent = (await call('POST', '/api/events', eventBody(other._id), token)).json().event._id;
    // Removed from the other partner, still an authorised user of its own.
    await call('DELETE', `/api/partners/${other._id}/users/${member.id}`);
    expect((await call('POST', '/api/events', eventBody(own._id), token)).statusCode).toBe(201);

    const before = await tableCounts();
    const refusedCreate = await call('POST', '/api/events', eventBody(other._id), token);
    expect(refusedCreate.statusCode, refusedCreate.body).toBe(403);
    expect(refusedCreate.json().code).toBe('NOT_PARTNER_USER');
    const edit = await call('PUT', `/api/events/${otherEvent}`, { title: 'Titre repris' }, token);
    expect(edit.statusCode, edit.body).toBe(403);
    expect(edit.json().code).toBe('NOT_PARTNER_USER');
    expect(await tableCounts()).toEqual(before);
    const [row] = await app.db.select().from(events).where(eq(events.id, otherEvent));
    expect(row?.title).toBe('Soirée dégustation');
  });
});

describe('logo', () => {
  function logoForm(data: Buffer, name = 'logo.png', field = 'logo') {
    const boundary = `----test${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(managerToken) } };
  }

  /** The files in the upload storage (DATA_DIR/uploads). */
  function storedFiles(): Set<string> {
    const dir = path.join(testApp.dataDir, 'uploads');
    return new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  }
  const added = (before: Set<string>) => [...storedFiles()].filter((file) => !before.has(file));

  it('stores only the copy a logo is served in, and removes it when the logo is replaced or removed', async () => {
    const partner = await create();
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 120, b: 20 } } })
      .jpeg()
      .toBuffer();
    const before = storedFiles();
    const uploaded = await app.inject({ method: 'POST', url: `/api/businesses/${partner._id}/logo`, ...logoForm(photo) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const first = (uploaded.json().partner.logo as string).split('/').pop() as string;
    // One file: the whole logo (no cropped card, no medium copy), fit inside 1600 px.
    expect(added(before)).toEqual([first]);
    expect(first).toMatch(/-detail\.webp$/);
    expect(await sharp(path.join(testApp.dataDir, 'uploads', first)).metadata()).toMatchObject({ width: 1600, height: 800 });

    const replaced = await app.inject({ method: 'POST', url: `/api/businesses/${partner._id}/logo`, ...logoForm(photo) });
    const second = (replaced.json().partner.logo as string).split('/').pop() as string;
    expect(second).not.toBe(first);
    expect(added(before)).toEqual([second]);

    expect((await call('DELETE', `/api/businesses/${partner._id}/logo`)).statusCode).toBe(200);
    expect(added(before)).toEqual([]);
    expect(storedFiles()).toEqual(before);
    // Nor are the unused copies made in memory.
    expect(Object.keys(await processLogo(photo, 'logo.jpg')).sort()).toEqual(['detail', 'height', 'width']);
  });

  it('re-encodes an image to WebP, serves it, replaces and removes it; refuses a renamed text file', async () => {
    const partner = await create();
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 10, g: 90, b: 200 } } })
      .png()
      .toBuffer();
    const uploaded = await app.inject({ method: 'POST', url: `/api/businesses/${partner._id}/logo`, ...logoForm(png) });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo: string = uploaded.json().partner.logo;
    expect(logo).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-detail\.webp$/);
    const served = await app.inject({ method: 'GET', url: logo });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const before = await tableCounts();
    const text = await app.inject({
      method: 'POST',
      url: `/api/businesses/${partner._id}/logo`,
      ...logoForm(Buffer.from('pas une image\n'.repeat(50)), 'faux.png'),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().fieldErrors.logo[0]).toContain('n’est pas une image valide');
    expect(await tableCounts()).toEqual(before);
    expect((await call('GET', `/api/businesses/${partner._id}`)).json().logo).toBe(logo);

    const replaced = await app.inject({ method: 'POST', url: `/api/businesses/${partner._id}/logo`, ...logoForm(png) });
    expect(replaced.json().partner.logo).not.toBe(logo);
    // The replaced file is gone from storage.
    expect(fs.existsSync(path.join(testApp.dataDir, 'uploads', logo.split('/').pop() as string))).toBe(false);
    const removed = await call('DELETE', `/api/businesses/${partner._id}/logo`);
    expect(removed.json().partner.logo).toBeNull();
    expect((await call('DELETE', `/api/businesses/${partner._id}/logo`)).statusCode).toBe(409);
    const wrongField = await app.inject({
      method: 'POST',
      url: `/api/businesses/${partner._id}/logo`,
      ...logoForm(png, 'a.png', 'images'),
    });
    expect(wrongField.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('refuses partners routes without manage_partners (403) and anonymously (401)', async () => {
    const events = await createUser(app, { role: 'admin', permissions: ['manage_events', 'manage_business'] });
    const token = await tokenFor(app, events);
    expect((await call('GET', '/api/businesses', undefined, token)).statusCode).toBe(403);
    expect((await call('POST', '/api/businesses', validPartner(), token)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/businesses' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/partners/mine' })).statusCode).toBe(401);
  });
});
