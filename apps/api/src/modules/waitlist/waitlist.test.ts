import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WAITLIST_MESSAGES, type WaitlistEntry } from '@app/shared/waitlist';
import { auditLog, outboundMessages, waitlistEntries } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, tokenFor } from '../../../test/factories';
import { holdSends } from '../../../test/held-transport';
import { containsCondition } from '../../db/contains-condition';
import { EXPORT_BATCH_SIZE, waitlistSearchText } from './waitlist.repository';
import { stringify } from 'csv-stringify/sync';
import { CSV_OPTIONS } from './waitlist.service';

let testApp: TestApp;
let app: FastifyInstance;
let manager: string;
let eventsOnly: string;
let ipCounter = 1;

/** Each call comes from its own address, so the per-IP limit only bites where a test wants it. */
function freshIp() {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

/** A form token the server issued 5 s ago, as the landing form sends it (decision 021). */
const oldToken = () => app.formTokens.issue(Date.now() - 5000);

function signUp(body: Record<string, unknown>, remoteAddress = freshIp()) {
  return app.inject({ method: 'POST', url: '/api/waitlist', payload: body, remoteAddress });
}

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users'] }));
  eventsOnly = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_events'] }));
});
afterAll(async () => {
  await testApp?.close();
});

async function entryByPhone(phone: string) {
  const [row] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.phone, phone));
  return row;
}

describe('POST /api/waitlist', () => {
  it('stores a pending entry with the phone in E.164, the e-mail lower-cased and the search text', async () => {
    const response = await signUp({ name: '  Aïcha Béyala ', phone: '677 12 34 56', email: ' Aicha.Beyala@Exemple.CM ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: WAITLIST_MESSAGES.success, alreadyRegistered: false });
    const row = await entryByPhone('+237677123456');
    expect(row).toMatchObject({ name: 'Aïcha Béyala', email: 'aicha.beyala@exemple.cm', status: 'pending', referralCode: null });
    expect(row?.searchText).toContain('aicha beyala');
    expect(row?.searchText).toContain('237677123456');
  });

  it('accepts the usual ways to write a phone number, and no e-mail', async () => {
    const forms: [string, string][] = [
      ['+237 6 99 11 22 33', '+237699112233'],
      ['00237699112234', '+237699112234'],
      ['6-99-11-22-35', '+237699112235'],
      ['(+237) 699 11 22 36', '+237699112236'],
      // A number of another country needs an e-mail (waitlist-sms-countries.test.ts).
    ];
    for (const [input, e164] of forms) {
      const response = await signUp({ name: 'Jean Mbarga', phone: input });
      expect(response.statusCode, input).toBe(201);
      expect((await entryByPhone(e164))?.email, input).toBeNull();
    }
  });

  it('refuses each bad field with a French message on that field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '677123450' }, 'name', 'Le nom est requis'],
      [{ name: '   ', phone: '677123450' }, 'name', 'Le nom est requis'],
      [{ name: 'x'.repeat(121), phone: '677123450' }, 'name', '120 caractères au maximum'],
      [{ name: 'Paul' }, 'phone', 'Numéro de téléphone requis'],
      [{ name: 'Paul', phone: '' }, 'phone', 'Numéro de téléphone requis'],
      [{ name: 'Paul', phone: '12' }, 'phone', 'Numéro de téléphone invalide'],
      [{ name: 'Paul', phone: 'abc def' }, 'phone', 'Numéro de téléphone invalide'],
      [{ name: 'Paul', phone: '677123450', email: 'pas-un-email' }, 'email', 'Adresse e-mail invalide'],
      [{ name: 'Paul', phone: '677123450', ref: 'a b<script>' }, 'ref', 'Code de parrainage invalide'],
      [{ name: 'Paul', phone: '677123450', role: 'admin' }, 'body', ''],
    ];
    for (const [body, field, message] of cases) {
      const response = await signUp(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json();
      expect(answer.code).toBe('VALIDATION_ERROR');
      expect(answer.fieldErrors?.[field]?.[0], JSON.stringify(body)).toContain(message);
      expect(answer.message).toMatch(/[a-zéèà]/);
    }
    expect(await entryByPhone('+237677123450')).toBeUndefined();
  });

  it('never makes a second entry for the same phone or e-mail, and says so kindly', async () => {
    expect((await signUp({ name: 'Marie Essomba', phone: '655 00 00 01', email: 'marie@exemple.cm' })).statusCode).toBe(201);
    for (const body of [
      { name: 'Marie E.', phone: '+237655000001' },
      { name: 'Marie E.', phone: '00237 655 00 00 01', email: 'autre@exemple.cm' },
      { name: 'Marie E.', phone: '655000002', email: 'MARIE@exemple.cm' },
    ]) {
      const response = await signUp(body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: WAITLIST_MESSAGES.alreadyRegistered, alreadyRegistered: true });
    }
    const rows = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, 'marie@exemple.cm'));
    expect(rows).toHaveLength(1);
    expect(await entryByPhone('+237655000002')).toBeUndefined();
  });

  it('keeps one entry when the same person signs up twice at the same moment', async () => {
    const body = { name: 'Paul Atangana', phone: '655 00 00 09' };
    const answers = await Promise.all([signUp(body), signUp(body), signUp(body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.phone, '+237655000009'))).toHaveLength(1);
  });

  it('records the referral code', async () => {
    expect((await signUp({ name: 'Filleul Un', phone: '655 00 00 11', ref: 'AMI-42_x' })).statusCode).toBe(201);
    expect((await entryByPhone('+237655000011'))?.referralCode).toBe('AMI-42_x');
    expect((await signUp({ name: 'Sans Parrain', phone: '655 00 00 12', ref: '' })).statusCode).toBe(201);
    expect((await entryByPhone('+237655000012'))?.referralCode).toBeNull();
  });

  it('stores nothing when the honeypot is filled, yet answers as usual', async () => {
    const response = await signUp({ name: 'Robot', phone: '655 00 00 21', website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(WAITLIST_MESSAGES.success);
    expect(await entryByPhone('+237655000021')).toBeUndefined();
  });

  it('puts sign-ups without a form token (no minimum fill time) on a tighter limit: 5 per hour per address', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await signUp({ name: `Sans Durée ${i}`, phone: `+23765531000${i}` }, ip)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // The landing form, which sends the server's form token, is not held back by it.
    expect((await signUp({ name: 'Avec Durée', phone: '+237655310009', formToken: oldToken() }, ip)).statusCode).toBe(201);
  });

  it('refuses a form sent faster than a person can fill it', async () => {
    const fast = await signUp({ name: 'Trop Rapide', phone: '655 00 00 22', formToken: app.formTokens.issue() });
    expect(fast.statusCode).toBe(400);
    expect(fast.json()).toMatchObject({ code: 'TOO_FAST', message: WAITLIST_MESSAGES.tooFast });
    expect(await entryByPhone('+237655000022')).toBeUndefined();
    expect((await signUp({ name: 'Normal', phone: '655 00 00 22', formToken: oldToken(), website: '' })).statusCode).toBe(201);
  });

  it('limits sign-ups per (address, contact) with a French 429, and not the others behind that address', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    // One phone in three written forms: one contact.
    const forms = ['6 56 00 01 00', '+237 656 00 01 00', '656000100'];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signUp({ name: `Personne ${i}`, phone: forms[i % 3], formToken: oldToken() }, ip)).statusCode);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201 || s === 200)).toBe(true);
    const limited = await signUp({ name: 'Encore', phone: '+237656000100', formToken: oldToken() }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes\.$/);
    // The many other people behind that carrier address still sign up (the ceiling is for thousands).
    for (let i = 0; i < 25; i++) {
      const other = await signUp(
        { name: `Voisin ${i}`, phone: `6 56 00 02 ${String(i).padStart(2, '0')}`, formToken: oldToken() },
        ip,
      );
      expect(other.statusCode).toBe(201);
    }
  });
});

describe('GET /api/waitlist/count', () => {
  it('answers the number of entries, publicly, cached', async () => {
    const value = (await app.db.select({ id: waitlistEntries.id }).from(waitlistEntries)).length;
    const response = await app.inject({ method: 'GET', url: '/api/waitlist/count' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: value });
    expect(response.headers['cache-control']).toContain('max-age=');
    // A direct insert (not through the API) shows only once the cache expires.
    await app.db.insert(waitlistEntries).values({ name: 'Direct', phone: '+237655999999' });
    expect((await app.inject({ method: 'GET', url: '/api/waitlist/count' })).json()).toEqual({ count: value });
    // A sign-up through the API is counted at once.
    await signUp({ name: 'Compté', phone: '655 99 99 98' });
    expect((await app.inject({ method: 'GET', url: '/api/waitlist/count' })).json()).toEqual({ count: value + 2 });
  });
});

describe('GET /api/settings/public', () => {
  it('answers the site name and the support contact only', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    const settings = await app.settings.get();
    expect(response.json()).toEqual({
      siteName: settings.general.siteName,
      contactEmail: settings.general.contactEmail,
      supportPhone: settings.general.supportPhone,
      passwordMinLength: 8,
    });
  });
});

describe('managing the waiting list', () => {
  const admin = () => ({ ...bearer(manager) });

  async function seed(
    name: string,
    phone: string,
    status: 'pending' | 'approved' | 'rejected' = 'pending',
    email?: string,
    at?: Date,
  ) {
    const [row] = await app.db
      .insert(waitlistEntries)
      .values({
        name,
        phone,
        email: email ?? null,
        status,
        searchText: waitlistSearchText(name, email ?? null, phone),
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('not inserted');
    return row;
  }

  it('refuses every management call without manage_users', async () => {
    const id = (await seed('Refus Test', '+237670000001')).id;
    const calls = [
      ['GET', '/api/waitlist'],
      ['GET', '/api/admin/waitlist'],
      ['GET', '/api/admin/waitlist/export.csv'],
      ['POST', `/api/admin/waitlist/${id}/approve`],
      ['POST', `/api/admin/waitlist/${id}/reject`],
      ['DELETE', `/api/waitlist/${id}`],
      ['DELETE', `/api/admin/waitlist/${id}`],
    ] as const;
    for (const [method, url] of calls) {
      const anonymous = await app.inject({ method, url });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const refused = await app.inject({ method, url, headers: bearer(eventsOnly) });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().message).toBe('Vous n’avez pas la permission requise pour cette action');
    }
    expect((await entryByPhone('+237670000001'))?.status).toBe('pending');
  });

  it('pages newest first, filters by status and searches name, e-mail and phone without accents or case', async () => {
    const base = Date.parse('2030-01-01T00:00:00Z');
    await seed('Éloïse Ngo Nkoa', '+237671000001', 'pending', 'eloise@exemple.cm', new Date(base + 3000));
    await seed('Thierry Fotso', '+237671000002', 'approved', 'tfotso@exemple.cm', new Date(base + 2000));
    await seed('Brice Kamga', '+237671000003', 'rejected', null as unknown as undefined, new Date(base + 1000));

    const page = await app.inject({ method: 'GET', url: '/api/admin/waitlist?page=1&limit=2', headers: admin() });
    expect(page.statusCode).toBe(200);
    const body = page.json() as { items: WaitlistEntry[]; total: number };
    expect(body.items.map((i) => i.name)).toEqual(['Éloïse Ngo Nkoa', 'Thierry Fotso']);
    const all = (await app.db.select().from(waitlistEntries)).length;
    expect(body.total).toBe(all);
    expect(body.items[0]).toMatchObject({
      firstName: 'Éloïse',
      lastName: 'Ngo Nkoa',
      status: 'pending',
      email: 'eloise@exemple.cm',
    });

    const second = (await app.inject({ method: 'GET', url: '/api/admin/waitlist?page=2&limit=2', headers: admin() })).json();
    expect(second.items[0].name).toBe('Brice Kamga');

    const search = async (q: string, status = 'all') =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/waitlist?search=${encodeURIComponent(q)}&status=${status}`,
          headers: admin(),
        })
      ).json() as { items: WaitlistEntry[]; total: number };
    expect((await search('ELOISE')).items.map((i) => i.name)).toEqual(['Éloïse Ngo Nkoa']);
    expect((await search('tfotso@')).items.map((i) => i.name)).toEqual(['Thierry Fotso']);
    expect((await search('671 00 00 03')).items.map((i) => i.name)).toEqual(['Brice Kamga']);
    expect((await search('+237671000002')).total).toBe(1);
    expect((await search('100%_')).total).toBe(0);
    expect((await search('671000', 'approved')).items.map((i) => i.name)).toEqual(['Thierry Fotso']);
    expect((await search('', 'rejected')).items.every((i) => i.status === 'rejected')).toBe(true);

    const bad = await app.inject({ method: 'GET', url: '/api/admin/waitlist?status=unknown&limit=1000', headers: admin() });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the plain array the original client reads', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/waitlist', headers: admin() });
    expect(response.statusCode).toBe(200);
    const list = response.json() as WaitlistEntry[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBe((await app.db.select().from(waitlistEntries)).length);
    const dates = list.map((i) => Date.parse(i.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('answers the approval without waiting for the e-mail or the SMS, then delivers each once (outbox)', async () => {
    const withEmail = await seed('Lydie Mbarga', '+237672100001', 'pending', 'lydie@exemple.cm');
    const phoneOnly = await seed('Paul Essomba', '+237672100002');
    const email = holdSends(app.notifications.email);
    const sms = holdSends(app.notifications.sms);
    try {
      for (const entry of [withEmail, phoneOnly]) {
        const approved = await app.inject({ method: 'POST', url: `/api/admin/waitlist/${entry.id}/approve`, headers: admin() });
        expect(approved.statusCode).toBe(200);
      }
      const message = async (recipient: string) =>
        app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, recipient));
      const [mail] = await message('lydie@exemple.cm');
      const [text] = await message('+237672100002');
      expect(mail).toMatchObject({ channel: 'email', status: 'pending' });
      expect(text).toMatchObject({ channel: 'sms', status: 'pending' });
      await vi.waitFor(() => {
        expect(email.spy).toHaveBeenCalledWith(expect.objectContaining({ to: 'lydie@exemple.cm' }));
        expect(sms.spy).toHaveBeenCalledWith(expect.objectContaining({ to: '+237672100002' }));
      });

      email.release();
      sms.release();
      await vi.waitFor(async () => {
        expect((await message('lydie@exemple.cm')).map((row) => row.status)).toEqual(['sent']);
        expect((await message('+237672100002')).map((row) => row.status)).toEqual(['sent']);
      });
      await app.notifications.processDue();
      expect(email.spy.mock.calls.filter(([m]) => m.to === 'lydie@exemple.cm')).toHaveLength(1);
      expect(sms.spy.mock.calls.filter(([m]) => m.to === '+237672100002')).toHaveLength(1);
    } finally {
      email.restore();
      sms.restore();
    }
  });

  it('approves only a pending entry, audits it and tells the person by e-mail, else by SMS', async () => {
    const withEmail = await seed('Grace Abena', '+237672000001', 'pending', 'grace@exemple.cm');
    const phoneOnly = await seed('Yves Ondoa', '+237672000002');

    const approved = await app.inject({ method: 'POST', url: `/api/admin/waitlist/${withEmail.id}/approve`, headers: admin() });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ _id: withEmail.id, status: 'approved' });
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/waitlist/${phoneOnly.id}/approve`, headers: admin() })).statusCode,
    ).toBe(200);

    const email = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, 'grace@exemple.cm'));
    expect(email).toHaveLength(1);
    expect(email[0]).toMatchObject({ channel: 'email' });
    expect(email[0]?.text).toContain('Grace');
    const sms = await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, '+237672000002'));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.channel).toBe('sms');

    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, withEmail.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'waitlist.approve', targetType: 'waitlist_entry', after: { status: 'approved' } });

    for (const action of ['approve', 'reject']) {
      const again = await app.inject({ method: 'POST', url: `/api/admin/waitlist/${withEmail.id}/${action}`, headers: admin() });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/seule une entrée en attente/);
    }
    expect((await entryByPhone('+237672000001'))?.status).toBe('approved');
    // No second message for a refused action.
    expect(await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, 'grace@exemple.cm'))).toHaveLength(
      1,
    );
  });

  it('rejects only a pending entry, without a message', async () => {
    const entry = await seed('Rose Manga', '+237673000001', 'pending', 'rose@exemple.cm');
    const rejected = await app.inject({ method: 'POST', url: `/api/admin/waitlist/${entry.id}/reject`, headers: admin() });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    expect(await app.db.select().from(outboundMessages).where(eq(outboundMessages.recipient, 'rose@exemple.cm'))).toHaveLength(0);
    const approve = await app.inject({ method: 'POST', url: `/api/admin/waitlist/${entry.id}/approve`, headers: admin() });
    expect(approve.statusCode).toBe(409);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/waitlist/00000000-0000-4000-8000-000000000000/approve',
      headers: admin(),
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/api/admin/waitlist/pas-un-id/approve', headers: admin() })).statusCode,
    ).toBe(400);
  });

  it('deletes an entry at any status under both paths, and audits it', async () => {
    const one = await seed('Supprimé Un', '+237674000001', 'approved');
    const two = await seed('Supprimé Deux', '+237674000002', 'rejected');
    const first = await app.inject({ method: 'DELETE', url: `/api/waitlist/${one.id}`, headers: admin() });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Entrée supprimée de la liste d’attente');
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/waitlist/${two.id}`, headers: admin() })).statusCode).toBe(200);
    expect(await entryByPhone('+237674000001')).toBeUndefined();
    expect(await entryByPhone('+237674000002')).toBeUndefined();
    const again = await app.inject({ method: 'DELETE', url: `/api/waitlist/${one.id}`, headers: admin() });
    expect(again.statusCode).toBe(404);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, one.id));
    expect(audit[0]).toMatchObject({ action: 'waitlist.delete', before: { name: 'Supprimé Un' } });
  });

  it('exports every row when thousands share one timestamp (microseconds, cursor with id tie-breaker)', async () => {
    const sharing = 2 * EXPORT_BATCH_SIZE + 500;
    await app.db.execute(sql`
      insert into waitlist_entries (name, phone, status, search_text, created_at)
      select 'Lot ' || n, '+2376990' || lpad(n::text, 5, '0'), 'rejected', 'lot', '2026-03-01T10:00:00.123456Z'::timestamptz
      from generate_series(1, ${sharing}::int) as n`);
    const response = await app.inject({ method: 'GET', url: '/api/admin/waitlist/export.csv?status=rejected', headers: admin() });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    const rejected = (await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.status, 'rejected'))).length;
    expect(rejected).toBeGreaterThanOrEqual(sharing);
    expect(lines).toHaveLength(rejected + 1);
    expect(new Set(lines).size).toBe(lines.length);
    await app.db.execute(sql`delete from waitlist_entries where search_text = 'lot' and name like 'Lot %'`);
  });

  it('exports the filtered list as CSV for Excel: BOM, semicolons, accents, no formula', async () => {
    await seed('Hélène "Lili" Tchoua; fille', '+237675000001', 'approved', 'helene@exemple.cm');
    await seed('=HYPERLINK("x")', '+237675000002', 'approved');
    const response = await app.inject({ method: 'GET', url: '/api/admin/waitlist/export.csv?status=approved', headers: admin() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="liste-d-attente-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Nom;E-mail;Téléphone;Statut;Code de parrainage;Date d’inscription');
    expect(lines.slice(1).every((line) => line.includes(';Approuvé;'))).toBe(true);
    expect(text).toContain('"Hélène ""Lili"" Tchoua; fille";helene@exemple.cm;\'+237675000001;Approuvé;;');
    expect(text).toContain('"\'=HYPERLINK(""x"")"');
    const approvedCount = (await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.status, 'approved'))).length;
    expect(lines).toHaveLength(approvedCount + 1);

    const searched = await app.inject({ method: 'GET', url: '/api/admin/waitlist/export.csv?search=helene', headers: admin() });
    expect(searched.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('exports more rows than one batch, each once, in order, dated in Douala time', async () => {
    const total = EXPORT_BATCH_SIZE + 500;
    const values = Array.from({ length: total }, (_, i) => {
      const phone = `+2376900${String(i).padStart(5, '0')}`;
      const name = `Lot ${i}`;
      return {
        name,
        phone,
        searchText: waitlistSearchText(name, null, phone),
        createdAt: new Date(Date.UTC(2019, 11, 31, 23, 30) + i * 1000),
      };
    });
    await app.db.insert(waitlistEntries).values(values);
    const response = await app.inject({ method: 'GET', url: '/api/admin/waitlist/export.csv?search=lot', headers: admin() });
    const lines = response.body.split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(values.map((value) => value.name).reverse());
    expect(lines.at(-1)).toBe("Lot 0;;'+237690000000;En attente;;01/01/2020 00:30");
  });
});

describe('searching several words when one is in almost every entry', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await buildTestApp();
  });
  afterAll(async () => {
    await own?.close();
  });

  it('finds the same entries, with the frequent word kept out of the index condition', async () => {
    const db = own.app.db;
    const entry = (name: string, i: number) => {
      const phone = `+23769${String(i).padStart(7, '0')}`;
      return {
        name,
        phone,
        searchText: waitlistSearchText(name, null, phone),
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000),
      };
    };
    await db
      .insert(waitlistEntries)
      .values([
        ...Array.from({ length: 300 }, (_, i) => entry(`Personne ${i}`, i)),
        entry('Personne 4242', 1001),
        entry('Hélène Personne 42420', 1002),
        entry('Marc 4242', 1003),
        entry('Personne 42 42', 1004),
      ]);
    await db.execute(sql`analyze waitlist_entries`);
    const manager = await tokenFor(own.app, await createUser(own.app, { role: 'admin', permissions: ['manage_users'] }));
    const search = async (q: string) =>
      (
        await own.app.inject({
          method: 'GET',
          url: `/api/admin/waitlist?search=${encodeURIComponent(q)}`,
          headers: bearer(manager),
        })
      ).json() as { items: WaitlistEntry[]; total: number };

    const condition = await containsCondition(db, waitlistEntries, waitlistEntries.searchText, 'Personne 4242');
    const shaped = db.select().from(waitlistEntries).where(condition).toSQL();
    expect(shaped.sql).toContain('strpos');
    expect(shaped.params).toEqual(['%4242%', 'personne']);

    const found = await search('Personne 4242');
    expect(found.items.map((item) => item.name)).toEqual(['Hélène Personne 42420', 'Personne 4242']);
    expect(found.total).toBe(2);
    expect((await search('marc 4242')).items.map((item) => item.name)).toEqual(['Marc 4242']);
  });
});

describe('CSV cells', () => {
  it('quotes and neutralises cells', () => {
    const { bom: _bom, ...options } = CSV_OPTIONS;
    const cell = (value: string) => stringify([[value]], options).replace(/\r\n$/, '');
    expect(cell('simple')).toBe('simple');
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('-1+1')).toBe("'-1+1");
    expect(cell('@cmd')).toBe("'@cmd");
    expect(cell('ligne\nsuivante')).toBe('"ligne\nsuivante"');
  });
});
