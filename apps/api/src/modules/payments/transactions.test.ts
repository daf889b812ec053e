import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionDetail, TransactionsPage } from '@app/shared/payments';
import { bearer, createUser, insertPayment, tokenFor } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { rowsOf } from '../../db/rows-of';
import { EXPORT_BATCH_SIZE } from './transactions.repository';
import { auditLog, paymentEvents, payments, users } from '../../db/schema/index';
import type { UserRow } from '../../db/schema/index';

let testApp: TestApp;
let app: FastifyInstance;
let manager: UserRow;
let managerToken: string;
let awa: UserRow;
let jean: UserRow;
const ids: Record<string, string> = {};

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await createUser(app, {
    role: 'admin',
    permissions: ['manage_transactions'],
    firstName: 'Marie',
    lastName: 'Eyenga',
  });
  managerToken = await tokenFor(app, manager);
  awa = await createUser(app, { firstName: 'Awa', lastName: 'Tchoupo', phone: '+237677000111' });
  jean = await createUser(app, { firstName: 'Jean', lastName: 'Mbarga', username: 'jmbarga', email: 'jean.mbarga@example.cm' });
  const at = (iso: string) => new Date(iso);
  ids.p1 = (await insertPayment(app, awa.id, { createdAt: at('2026-01-10T10:00:00Z'), phone: '+237677123456' })).id;
  ids.p2 = (
    await insertPayment(app, awa.id, {
      createdAt: at('2026-01-15T23:30:00Z'),
      plan: 'yearly',
      operator: 'orange',
      phone: '+237699001122',
    })
  ).id;
  ids.p3 = (
    await insertPayment(app, awa.id, { createdAt: at('2026-01-20T09:00:00Z'), status: 'failed', failureReason: 'refused' })
  ).id;
  ids.p4 = (
    await insertPayment(app, awa.id, {
      createdAt: at('2026-02-01T09:00:00Z'),
      operator: 'orange',
      phone: '+237699001122',
      status: 'refunded',
      refundedAmount: 2000,
    })
  ).id;
  ids.p5 = (
    await insertPayment(app, jean.id, { createdAt: at('2026-02-05T12:00:00Z'), status: 'pending', phone: '+237650112233' })
  ).id;
});
afterAll(async () => {
  await testApp.close();
});

function get(url: string, token = managerToken) {
  return app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function list(query: Record<string, string> = {}): Promise<TransactionsPage> {
  const response = await get(`/api/admin/transactions?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const refs = (page: TransactionsPage) => page.items.map((item) => item._id);

describe('GET /api/admin/transactions', () => {
  it('lists every payment newest first, with the account, masked numbers and the totals of the paid ones', async () => {
    const page = await list();
    expect(refs(page)).toEqual([ids.p5, ids.p4, ids.p3, ids.p2, ids.p1]);
    expect(page.total).toBe(5);
    expect(page.totals).toEqual({ count: 3, successfulAmount: 24_000, refundedAmount: 2000 });
    const first = page.items[0];
    expect(first?.user).toEqual({ _id: jean.id, name: 'Jean Mbarga', username: 'jmbarga', email: 'jean.mbarga@example.cm' });
    expect(first?.phoneMasked).toBe('+237 6•• •• •• 33');
    expect(JSON.stringify(page)).not.toContain('650112233');
    expect(JSON.stringify(page)).not.toMatch(/callbackToken|idempotency/i);
  });

  it('finds a payment by our reference, in any case', async () => {
    const [row] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.id, ids.p2 as string));
    const reference = row?.reference ?? '';
    expect(refs(await list({ search: reference }))).toEqual([ids.p2]);
    expect(refs(await list({ search: reference.toLowerCase() }))).toEqual([ids.p2]);
    expect(refs(await list({ search: 'PAY-NOTHING1' }))).toEqual([]);
  });

  it('finds payments by the paying number written in any usual form, or by the account’s number', async () => {
    for (const written of ['+237699001122', '699 00 11 22', '00237 6 99 00 11 22', '(+237) 699-00-11-22']) {
      expect(refs(await list({ search: written })), written).toEqual([ids.p4, ids.p2]);
    }
    // The account's own phone finds all its payments, whatever number paid.
    expect(refs(await list({ search: '677 00 01 11' }))).toEqual([ids.p4, ids.p3, ids.p2, ids.p1]);
  });

  it('finds payments by the account’s name, username or e-mail, without accents or case', async () => {
    expect(refs(await list({ search: 'mbarga' }))).toEqual([ids.p5]);
    expect(refs(await list({ search: 'JMBARGA' }))).toEqual([ids.p5]);
    expect(refs(await list({ search: 'jean.mbarga@example' }))).toEqual([ids.p5]);
    expect(refs(await list({ search: 'Tchoupo' }))).toEqual([ids.p4, ids.p3, ids.p2, ids.p1]);
    expect(refs(await list({ search: 'personne inconnue' }))).toEqual([]);
  });

  it('filters by status, operator and plan, each with its totals', async () => {
    const successful = await list({ status: 'successful' });
    expect(refs(successful)).toEqual([ids.p2, ids.p1]);
    expect(successful.totals).toEqual({ count: 2, successfulAmount: 22_000, refundedAmount: 0 });
    expect(refs(await list({ status: 'failed' }))).toEqual([ids.p3]);
    expect(refs(await list({ status: 'pending' }))).toEqual([ids.p5]);
    expect(refs(await list({ status: 'unknown' }))).toEqual([]);
    const refunded = await list({ status: 'refunded' });
    expect(refs(refunded)).toEqual([ids.p4]);
    expect(refunded.totals).toEqual({ count: 1, successfulAmount: 2000, refundedAmount: 2000 });

    const orange = await list({ operator: 'orange' });
    expect(refs(orange)).toEqual([ids.p4, ids.p2]);
    expect(orange.totals).toEqual({ count: 2, successfulAmount: 22_000, refundedAmount: 2000 });
    expect(refs(await list({ operator: 'mtn' }))).toEqual([ids.p5, ids.p3, ids.p1]);
    expect(refs(await list({ plan: 'yearly' }))).toEqual([ids.p2]);
    expect(refs(await list({ plan: 'monthly', operator: 'mtn', status: 'successful' }))).toEqual([ids.p1]);
    expect(refs(await list({ search: 'Tchoupo', status: 'failed' }))).toEqual([ids.p3]);
  });

  it('filters by a period of Douala days (a payment at 23:30 UTC is the next day in Douala)', async () => {
    expect(refs(await list({ from: '2026-01-16', to: '2026-01-16' }))).toEqual([ids.p2]);
    expect(refs(await list({ from: '2026-01-15', to: '2026-01-15' }))).toEqual([]);
    const january = await list({ from: '2026-01-01', to: '2026-01-31' });
    expect(refs(january)).toEqual([ids.p3, ids.p2, ids.p1]);
    expect(january.totals).toEqual({ count: 2, successfulAmount: 22_000, refundedAmount: 0 });
    expect(refs(await list({ from: '2026-02-01' }))).toEqual([ids.p5, ids.p4]);
    expect(refs(await list({ to: '2026-01-10' }))).toEqual([ids.p1]);
  });

  it('refuses a bad filter with a French message', async () => {
    for (const query of [
      'status=paid',
      'operator=moov',
      'plan=weekly',
      'from=16/01/2026',
      'from=2026-02-30',
      'to=4277-43-32',
      'from=0000-01-01',
      'page=0',
    ]) {
      const response = await get(`/api/admin/transactions?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('pages by 10, newest first, with the same total on every page', async () => {
    const payer = await createUser(app, { firstName: 'Pagination', lastName: 'Essomba' });
    const made: string[] = [];
    for (let index = 0; index < 12; index++) {
      made.push((await insertPayment(app, payer.id, { createdAt: new Date(Date.UTC(2025, 5, 1 + index, 8)) })).id);
    }
    const newestFirst = [...made].reverse();
    const first = await list({ search: 'Essomba' });
    expect(first.total).toBe(12);
    expect(refs(first)).toEqual(newestFirst.slice(0, 10));
    expect(first.totals).toEqual({ count: 12, successfulAmount: 24_000, refundedAmount: 0 });
    const second = await list({ search: 'Essomba', page: '2' });
    expect(second.total).toBe(12);
    expect(refs(second)).toEqual(newestFirst.slice(10));
    expect(refs(await list({ search: 'Essomba', page: '3' }))).toEqual([]);
  });
});

describe('GET /api/admin/transactions/:id', () => {
  it('answers the transaction, its timeline with who acted, its references and the account', async () => {
    await app.db.insert(paymentEvents).values({
      paymentId: ids.p1 as string,
      at: new Date('2026-01-10T10:01:00Z'),
      status: 'successful',
      note: 'Vérifié auprès de l’opérateur',
      actorId: manager.id,
    });
    const response = await get(`/api/admin/transactions/${ids.p1}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail: TransactionDetail = response.json();
    const [row] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.id, ids.p1 as string));
    expect(detail.transaction).toMatchObject({
      _id: ids.p1,
      reference: row?.reference,
      providerReference: row?.providerReference,
      amount: 2000,
      currency: 'XAF',
      operator: 'mtn',
      plan: 'monthly',
      status: 'successful',
      phoneMasked: '+237 6•• •• •• 56',
    });
    expect(detail.timeline).toEqual([
      { at: '2026-01-10T10:00:00.000Z', status: 'successful', note: 'Demande envoyée à MTN Mobile Money', actor: null },
      { at: '2026-01-10T10:01:00.000Z', status: 'successful', note: 'Vérifié auprès de l’opérateur', actor: 'Marie Eyenga' },
    ]);
    expect(detail.account).toMatchObject({ _id: awa.id, name: 'Awa Tchoupo', plan: 'freemium', premiumUntil: null });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await get('/api/admin/transactions/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Transaction introuvable');
  });
});

describe('POST /api/admin/transactions/:id/refund', () => {
  function refund(id: string, reason = 'Payé deux fois par erreur', token = managerToken) {
    return app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${id}/refund`,
      headers: bearer(token),
      payload: { reason },
    });
  }

  it('records a refund by hand once, with a timeline row, an audit row, and the premium days taken back', async () => {
    const payer = await createUser(app, { firstName: 'Rosine', lastName: 'Kamga' });
    const now = Date.now();
    const paidAt = new Date(now - 2 * 86_400_000);
    const payment = await insertPayment(app, payer.id, { createdAt: paidAt, providerReference: null });
    // The account had 10 days left before paying: 30 more from the payment, 38 left now.
    const premiumUntil = new Date(now + 38 * 86_400_000);
    await app.db.update(users).set({ plan: 'premium', premiumUntil }).where(eq(users.id, payer.id));

    const response = await refund(payment.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Remboursement enregistré');
    expect(body.transaction).toMatchObject({ status: 'refunded', refundedAmount: 2000 });
    expect(body.timeline.at(-1)).toMatchObject({
      status: 'refunded',
      note: 'Remboursement enregistré à la main — motif : Payé deux fois par erreur',
      actor: 'Marie Eyenga',
    });
    const [account] = await app.db.select().from(users).where(eq(users.id, payer.id));
    expect(account?.premiumUntil?.getTime()).toBe(premiumUntil.getTime() - 30 * 86_400_000);
    expect(body.account.premiumUntil).toBe(account?.premiumUntil?.toISOString());
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, payment.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: manager.id, targetType: 'payment' });
    expect(audits[0]?.after).toMatchObject({ status: 'refunded', reason: 'Payé deux fois par erreur', byProvider: false });

    const again = await refund(payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PAYMENT_NOT_REFUNDABLE' });
    const events = await app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.filter((event) => event.status === 'refunded')).toHaveLength(1);
  });

  it('never takes premium back to before now', async () => {
    const payer = await createUser(app, { firstName: 'Paul', lastName: 'Nana' });
    const payment = await insertPayment(app, payer.id, {
      createdAt: new Date(Date.now() - 25 * 86_400_000),
      providerReference: null,
    });
    await app.db
      .update(users)
      .set({ plan: 'premium', premiumUntil: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(users.id, payer.id));
    const before = Date.now();
    expect((await refund(payment.id)).statusCode).toBe(200);
    const [account] = await app.db.select().from(users).where(eq(users.id, payer.id));
    expect(account?.premiumUntil?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(account?.premiumUntil?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('makes one refund of parallel refunds', async () => {
    const payer = await createUser(app, { firstName: 'Double', lastName: 'Clic' });
    const payment = await insertPayment(app, payer.id, { providerReference: null });
    const answers = await Promise.all([refund(payment.id), refund(payment.id), refund(payment.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const events = await app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    expect(events.filter((event) => event.status === 'refunded')).toHaveLength(1);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.targetId, payment.id)));
    expect(audits).toHaveLength(1);
  });

  it('refuses to refund a payment that did not succeed, and changes nothing', async () => {
    for (const id of [ids.p3, ids.p4, ids.p5] as string[]) {
      const [before] = await app.db.select().from(payments).where(eq(payments.id, id));
      const response = await refund(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'PAYMENT_NOT_REFUNDABLE',
        message: 'Seul un paiement réussi peut être remboursé, et une seule fois',
      });
      const [after] = await app.db.select().from(payments).where(eq(payments.id, id));
      expect(after).toEqual(before);
    }
  });

  it('asks for a reason, and answers 404 for an unknown id', async () => {
    const response = await refund(ids.p1 as string, ' ');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.reason).toEqual(['Motif requis (3 caractères au moins)']);
    const extra = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${ids.p1}/refund`,
      headers: bearer(managerToken),
      payload: { reason: 'Erreur', amount: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await refund('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/transactions.csv', () => {
  it('streams the filtered payments, numbers masked, no cell read as a formula', async () => {
    const payer = await createUser(app, {
      firstName: '=HYPERLINK("http://evil.example","clic")',
      lastName: 'Formule',
      email: '+cmd@example.cm',
    });
    const payment = await insertPayment(app, payer.id, { createdAt: new Date('2025-03-01T12:00:00Z') });
    const response = await get('/api/admin/transactions.csv?search=Formule');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Référence;Date;Compte;E-mail;Formule;Montant (FCFA);Opérateur;Numéro;Statut;Remboursé (FCFA);Référence opérateur',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]?.split(';') ?? [];
    expect(cells[0]).toBe(payment.reference);
    expect(cells[1]).toBe('01/03/2025 13:00');
    expect(cells[2]).toBe(`"'=HYPERLINK(""http://evil.example"",""clic"") Formule"`);
    expect(cells[3]).toBe("'+cmd@example.cm");
    expect(cells.slice(4, 10)).toEqual(['Mensuel', '2000', 'MTN Mobile Money', "'+237 6•• •• •• 56", 'Réussi', '0']);
    expect(response.body).not.toContain('677123456');
  });

  it('exports more payments than one batch, each once, though they all share one timestamp', async () => {
    const payer = await createUser(app, { firstName: 'Lot', lastName: 'Keyset' });
    const count = EXPORT_BATCH_SIZE + 300;
    await app.db.execute(sql`
      insert into payments (reference, user_id, idempotency_key, plan, amount, operator, phone, status, failure_reason,
                            provider_reference, callback_token, expires_at, created_at, updated_at)
      select 'PAY-LOT' || g, ${payer.id}, gen_random_uuid(), 'monthly', 2000, 'mtn', '+237677123456', 'failed', 'refused',
             gen_random_uuid(), md5(g::text), now() + interval '5 minutes', now(), now()
      from generate_series(1, ${count}) g`);
    const response = await get('/api/admin/transactions.csv?search=Keyset');
    expect(response.statusCode).toBe(200);
    const references = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(';')[0]);
    expect(references).toHaveLength(count);
    expect(new Set(references).size).toBe(count);
  });

  it('applies the list’s filters', async () => {
    const response = await get('/api/admin/transactions.csv?operator=orange&from=2026-01-01&to=2026-03-01');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes(';Orange Money;'))).toBe(true);
  });
});

describe('access', () => {
  it('is refused to an administrator without manage_transactions, and open to the superadmin', async () => {
    const other = await createUser(app, { role: 'admin', permissions: ['manage_users', 'manage_partners', 'manage_admins'] });
    const otherToken = await tokenFor(app, other);
    const user = await createUser(app);
    const userToken = await tokenFor(app, user);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/transactions' },
      { method: 'GET' as const, url: '/api/admin/transactions.csv' },
      { method: 'GET' as const, url: `/api/admin/transactions/${ids.p1}` },
      { method: 'POST' as const, url: `/api/admin/transactions/${ids.p2}/refund`, payload: { reason: 'Essai de vol' } },
    ];
    for (const call of calls) {
      for (const token of [otherToken, userToken]) {
        const response = await app.inject({ ...call, headers: bearer(token) });
        expect(response.statusCode, call.url).toBe(403);
      }
      expect((await app.inject({ ...call, headers: {} })).statusCode).toBe(401);
    }
    const superadmin = await createUser(app, { role: 'superadmin' });
    expect((await get('/api/admin/transactions', await tokenFor(app, superadmin))).statusCode).toBe(200);
    const [p2] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.id, ids.p2 as string));
    expect(p2?.status).toBe('successful');
  });
});

describe('the days’ roll-up (payment_day_totals)', () => {
  /** What the roll-up must hold, computed from the payments themselves. */
  const fromPayments = async () =>
    rowsOf(
      await app.db.execute(sql`
        select ((created_at at time zone 'Africa/Douala')::date)::text as day, status::text, operator::text, plan,
          count(*)::int as payment_count, (count(*) filter (where paid_at is not null))::int as paid_count,
          coalesce(sum(amount) filter (where paid_at is not null), 0)::bigint::text as paid_amount,
          coalesce(sum(refunded_amount) filter (where paid_at is not null), 0)::bigint::text as refunded_amount
        from payments group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
    );
  const rollUp = async () =>
    rowsOf(
      await app.db.execute(sql`
        select day::text, status::text, operator::text, plan, payment_count, paid_count, paid_amount::text, refunded_amount::text
        from payment_day_totals
        where payment_count <> 0 or paid_count <> 0 or paid_amount <> 0 or refunded_amount <> 0
        order by 1, 2, 3, 4`),
    );

  it('follows every write to payments: created, paid, refunded, corrected, checked again, deleted, in bulk', async () => {
    const payer = await createUser(app);
    expect(await rollUp()).toEqual(await fromPayments());
    // Created at 23:30 UTC: the next day in Douala.
    const payment = await insertPayment(app, payer.id, {
      createdAt: new Date('2024-05-31T23:30:00Z'),
      status: 'pending',
      paidAt: null,
      // Refunded by hand below (no operator call).
      providerReference: null,
    });
    expect(await rollUp()).toEqual(await fromPayments());
    await app.db
      .update(payments)
      .set({ status: 'successful', paidAt: new Date('2024-06-01T00:10:00Z') })
      .where(eq(payments.id, payment.id));
    expect(await rollUp()).toEqual(await fromPayments());
    const refund = await app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${payment.id}/refund`,
      headers: bearer(managerToken),
      payload: { reason: 'Paiement en double' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await rollUp()).toEqual(await fromPayments());
    await app.db.update(payments).set({ operator: 'orange', plan: 'yearly', amount: 20_000 }).where(eq(payments.id, payment.id));
    expect(await rollUp()).toEqual(await fromPayments());
    // The job's next check changes no key: the roll-up is not written.
    await app.db.update(payments).set({ nextCheckAt: new Date() }).where(eq(payments.id, payment.id));
    expect(await rollUp()).toEqual(await fromPayments());
    await app.db.delete(paymentEvents).where(eq(paymentEvents.paymentId, payment.id));
    await app.db.delete(payments).where(eq(payments.id, payment.id));
    expect(await rollUp()).toEqual(await fromPayments());
    // One statement, several rows, days and statuses.
    await app.db.execute(sql`
      insert into payments (reference, user_id, idempotency_key, plan, amount, operator, phone, status, callback_token,
        expires_at, paid_at, created_at, updated_at)
      select 'PAY-BULK' || g, ${payer.id}, gen_random_uuid(), 'monthly', 2000, 'mtn', '+237677123456',
        (case when g % 3 = 0 then 'failed' else 'successful' end)::payment_status, 'bulk-' || g,
        timestamptz '2024-06-02 10:00Z', case when g % 3 <> 0 then timestamptz '2024-06-02 10:00Z' end,
        timestamptz '2024-06-02 10:00Z' + g * interval '5 hours', now()
      from generate_series(1, 9) g`);
    expect(await rollUp()).toEqual(await fromPayments());
    // After a write made without the triggers, the refill computes it afresh.
    await app.db.execute(sql`delete from payment_day_totals where day = '2024-06-03'`);
    await app.db.execute(sql`select payment_day_totals_refill()`);
    expect(await rollUp()).toEqual(await fromPayments());
  });

  it('pages a filtered list across days, each page the payments themselves give', async () => {
    const payer = await createUser(app, { firstName: 'Fenêtre', lastName: 'Ndzana' });
    const made: { id: string; at: number; operator: string }[] = [];
    for (let day = 1; day <= 5; day++) {
      for (let hour = 0; hour < 3; hour++) {
        const createdAt = new Date(Date.UTC(2024, 8, day, 6 + hour * 7, 15));
        const operator = (day + hour) % 2 === 0 ? 'orange' : 'mtn';
        const payment = await insertPayment(app, payer.id, { createdAt, operator });
        made.push({ id: payment.id, at: createdAt.getTime(), operator });
      }
    }
    const newestFirst = [...made].sort((a, b) => b.at - a.at);
    const period = { from: '2024-09-01', to: '2024-09-30' };
    for (const [filter, expected] of [
      [{}, newestFirst],
      [{ operator: 'orange' }, newestFirst.filter((payment) => payment.operator === 'orange')],
    ] as const) {
      for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
        const answer = await list({ ...period, ...filter, limit: '4', page: String(page) });
        expect(answer.total).toBe(expected.length);
        expect(refs(answer)).toEqual(expected.slice((page - 1) * 4, page * 4).map((payment) => payment.id));
      }
    }
    expect(await list({ ...period, status: 'failed' })).toMatchObject({ items: [], total: 0, totals: { count: 0 } });
  });
});
