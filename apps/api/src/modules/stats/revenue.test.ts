import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats, StatsCharts } from '@app/shared/stats';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { payments, users } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { bearer, createUser, insertPayment, tokenFor } from '../../../test/factories';
import { dashboardStats, statsCharts } from './stats.service';
import { lapsedPremiumsCount, revenuePerMonthAndOperator } from './stats.repository';

/*
 * Issue 28 item 6, decision 055: the dashboard's monthly revenue and the statistics' revenue per
 * month and by operator, in Douala months (UTC+1): a payment at 23:30 UTC on the last day of a month
 * is already in the next month; one at 22:59 UTC is not. Refunds count in the month they are made.
 */

let testApp: TestApp;
let app: FastifyInstance;
let manager: string;

const at = (iso: string) => new Date(iso);
// "Now": Tuesday 15 December 2026, 10:00 in Douala.
const NOW = at('2026-12-15T09:00:00Z');

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  manager = await tokenFor(app, await createUser(app, { role: 'admin', permissions: ['manage_users'] }));
  const payer = await createUser(app);
  const pay = (values: Parameters<typeof insertPayment>[2]) => insertPayment(app, payer.id, values);
  // December 2026 in Douala starts at 2026-11-30T23:00:00Z.
  await pay({ paidAt: at('2026-11-30T23:30:00Z'), amount: 2000, operator: 'mtn' }); // 1 Dec 00:30 in Douala
  await pay({ paidAt: at('2026-11-30T22:59:00Z'), amount: 20000, plan: 'yearly', operator: 'orange' }); // 30 Nov 23:59
  await pay({ paidAt: at('2026-11-30T23:00:00Z'), amount: 1500, creditUsed: 500, operator: 'orange' }); // 1 Dec 00:00
  await pay({ paidAt: at('2026-12-10T12:00:00Z'), amount: 20000, plan: 'yearly' });
  // Paid in October, refunded at 00:05 on 1 December in Douala: October keeps it, December loses it.
  await pay({
    paidAt: at('2026-10-10T12:00:00Z'),
    status: 'refunded',
    refundedAmount: 2000,
    refundedAt: at('2026-11-30T23:05:00Z'),
  });
  // Paid and refunded in December: nothing left.
  await pay({
    paidAt: at('2026-12-03T08:00:00Z'),
    status: 'refunded',
    refundedAmount: 2000,
    refundedAt: at('2026-12-04T08:00:00Z'),
  });
  // Never successful: not revenue.
  await pay({ paidAt: null, status: 'failed', failureReason: 'refused', createdAt: at('2026-12-05T08:00:00Z') });
  await pay({ paidAt: null, status: 'pending', createdAt: at('2026-12-15T08:55:00Z') });
  await pay({ paidAt: null, status: 'unknown', createdAt: at('2026-12-14T08:55:00Z') });
  // The edge of the 12 months (January to December 2026): 31 Dec 2025 23:59 in Douala is out, 00:30 on 1 Jan is in.
  await pay({ paidAt: at('2025-12-31T22:59:00Z'), amount: 2000 });
  await pay({ paidAt: at('2025-12-31T23:30:00Z'), amount: 2000 });
});
afterAll(async () => {
  await testApp?.close();
});

// The figures at any instant come from the services the routes call (a session would have expired
// by some of these instants); the routes themselves are asked at the real time.
const dashboardAt = (now: Date) => dashboardStats(app.db, now);
const chartsAt = (now: Date) => statsCharts(app.db, 30, now);

describe('the dashboard’s monthly revenue', () => {
  it('is served by the dashboard and the charts, checked against the shared schemas', async () => {
    const now = new Date();
    const dashboard = await app.inject({ method: 'GET', url: '/api/stats/dashboard', headers: bearer(manager) });
    expect(dashboard.statusCode).toBe(200);
    const stats = dashboard.json() as DashboardStats;
    expect(stats.revenueTracked).toBe(true);
    expect(stats.monthlyRevenue).toBe((await dashboardAt(now)).monthlyRevenue);
    const charts = await app.inject({ method: 'GET', url: '/api/admin/stats/charts?days=90', headers: bearer(manager) });
    expect(charts.statusCode).toBe(200);
    const body = charts.json() as StatsCharts;
    expect(body.revenueMonthly).toHaveLength(12);
    expect(body.revenueMonthly.at(-1)?.revenue).toBe(stats.monthlyRevenue);
    expect(body.paymentsByOperator.map((row) => row.operator)).toEqual(['mtn', 'orange']);
  });

  it('sums the successful payments of the Douala month, less the refunds made in it', async () => {
    // December: 2000 (23:30 UTC on 30 Nov) + 1500 (23:00 UTC) + 20000 + 2000 − 2000 (refunded in December) − 2000 (October's, refunded on 1 Dec).
    const stats = await dashboardAt(NOW);
    expect(stats.monthlyRevenue).toBe(21_500);
    expect(stats.revenueTracked).toBe(true);
  });

  it('puts 22:59 UTC on the last day in that month and 23:30 UTC in the next one', async () => {
    // 30 November, 23:59:30 in Douala: November holds the 22:59 payment only.
    expect((await dashboardAt(at('2026-11-30T22:59:30Z'))).monthlyRevenue).toBe(20_000);
    // 1 December, 00:00 in Douala: December has begun; the payments after it are in the future of that instant but still December's.
    expect((await dashboardAt(at('2026-11-30T23:00:00Z'))).monthlyRevenue).toBe(21_500);
    // October: its payment counts there, its refund does not.
    expect((await dashboardAt(at('2026-10-31T22:00:00Z'))).monthlyRevenue).toBe(2000);
    // A month without payments.
    expect((await dashboardAt(at('2026-09-15T12:00:00Z'))).monthlyRevenue).toBe(0);
  });
});

describe('the statistics’ revenue', () => {
  it('gives the last 12 Douala months, oldest first, and the payments by operator over them', async () => {
    const charts = await chartsAt(NOW);
    expect(charts.revenueMonthly.map((month) => month.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    const byMonth = Object.fromEntries(charts.revenueMonthly.map(({ month, ...rest }) => [month, rest]));
    expect(byMonth['2026-01']).toEqual({ payments: 1, paid: 2000, refunded: 0, revenue: 2000 });
    expect(byMonth['2026-10']).toEqual({ payments: 1, paid: 2000, refunded: 0, revenue: 2000 });
    expect(byMonth['2026-11']).toEqual({ payments: 1, paid: 20_000, refunded: 0, revenue: 20_000 });
    expect(byMonth['2026-12']).toEqual({ payments: 4, paid: 25_500, refunded: 4000, revenue: 21_500 });
    expect(byMonth['2026-06']).toEqual({ payments: 0, paid: 0, refunded: 0, revenue: 0 });
    // The last month is the dashboard's.
    expect(charts.revenueMonthly.at(-1)?.revenue).toBe((await dashboardAt(NOW)).monthlyRevenue);
    expect(charts.paymentsByOperator).toEqual([
      { operator: 'mtn', count: 5, amount: 28_000 },
      { operator: 'orange', count: 2, amount: 21_500 },
    ]);
  });

  it('shows a month that refunds more than it takes as negative, and every operator even without payments', async () => {
    // January 2027 seen from its 1st: December's figures are the 11th month; nothing in January.
    const charts = await chartsAt(at('2026-12-31T23:10:00Z'));
    expect(charts.revenueMonthly.at(-1)).toEqual({ month: '2027-01', payments: 0, paid: 0, refunded: 0, revenue: 0 });
    expect(charts.revenueMonthly[0]?.month).toBe('2026-02');
    const late = await createUser(app);
    await insertPayment(app, late.id, {
      paidAt: at('2026-11-02T10:00:00Z'),
      amount: 20000,
      status: 'refunded',
      refundedAmount: 20000,
      refundedAt: at('2027-01-02T10:00:00Z'),
    });
    expect((await dashboardAt(at('2027-01-05T10:00:00Z'))).monthlyRevenue).toBe(-20_000);
    const after = await chartsAt(at('2027-01-05T10:00:00Z'));
    expect(after.revenueMonthly.at(-1)).toEqual({ month: '2027-01', payments: 0, paid: 0, refunded: 20_000, revenue: -20_000 });
    const empty = await chartsAt(at('2024-05-05T10:00:00Z'));
    expect(empty.paymentsByOperator).toEqual([
      { operator: 'mtn', count: 0, amount: 0 },
      { operator: 'orange', count: 0, amount: 0 },
    ]);
  });
});

describe('premium and freemium accounts', () => {
  it('count premium as isPremiumActive does: the plan premium with no end or an end to come', async () => {
    const before = await dashboardAt(NOW);
    const made = async (plan: 'premium' | 'freemium', premiumUntil: Date | null) => {
      const user = await createUser(app);
      await app.db.update(users).set({ plan, premiumUntil }).where(sql`${users.id} = ${user.id}`);
    };
    await made('premium', null); // given by the team, no end
    await made('premium', at('2027-01-14T09:00:00Z')); // paid, a month to go
    await made('premium', at('2026-12-15T08:59:00Z')); // ended a minute ago, the expiry job has not run yet
    await made('premium', at('2026-12-01T00:00:00Z')); // ended two weeks ago
    await made('freemium', at('2026-11-01T00:00:00Z')); // expired and moved back
    await createUser(app, { role: 'admin', permissions: ['manage_events'] }); // not a user of the app
    const after = await dashboardAt(NOW);
    expect(after.premiumUsers - before.premiumUsers).toBe(2);
    expect(after.freemiumUsers - before.freemiumUsers).toBe(3);
    expect(after.premiumUsers + after.freemiumUsers).toBe(after.totalUsers);
    // One minute earlier, the account that ended a minute ago was still premium.
    const earlier = await dashboardAt(at('2026-12-15T08:58:00Z'));
    expect(earlier.premiumUsers - before.premiumUsers).toBe(3);
  });
});

describe('the revenue queries', () => {
  const planOf = async (executor: Executor, query: SQL | SQLWrapper) =>
    rowsOf<Record<string, string>>(await executor.execute(sql`explain ${query}`))
      .map((row) => Object.values(row)[0])
      .join('\n');

  it('answer from their indexes, never by reading the table', async () => {
    const from = at('2026-11-30T23:00:00Z');
    const to = at('2026-12-31T23:00:00Z');
    const plans = await app.db.transaction(async (tx) => {
      // The tables are small here: forbid the sequential scan so the plan shows the index the predicates reach.
      await tx.execute(sql`set local enable_seqscan = off`);
      return {
        month: await planOf(tx, revenuePerMonthAndOperator(tx, from, to)),
        year: await planOf(tx, revenuePerMonthAndOperator(tx, at('2025-12-31T23:00:00Z'), to)),
        lapsed: await planOf(tx, lapsedPremiumsCount(tx, NOW)),
      };
    });
    // The months' roll-up: at most one row per month and operator, read by its key.
    expect(plans.month).toMatch(
      /Index Scan on payment_monthly_totals_month_operator_pk|Index Scan using payment_monthly_totals_month_operator_pk/,
    );
    expect(plans.year).toMatch(
      /Index Scan on payment_monthly_totals_month_operator_pk|Index Scan using payment_monthly_totals_month_operator_pk/,
    );
    expect(plans.lapsed).toMatch(/Index Only Scan using users_premium_lapsed_idx/);
    for (const plan of Object.values(plans)) expect(plan).not.toMatch(/Seq Scan/);
  });
});

describe('the months’ roll-up', () => {
  /** What the roll-up must hold, computed from the payments themselves. */
  const fromPayments = () =>
    app.db.execute(sql`
      select month, operator::text, sum(paid_count)::int as paid_count, sum(paid_amount)::bigint::text as paid_amount,
        sum(refunded_amount)::bigint::text as refunded_amount
      from (
        select to_char(paid_at at time zone 'Africa/Douala', 'YYYY-MM') as month, operator, 1 as paid_count, amount as paid_amount, 0 as refunded_amount
          from payments where paid_at is not null
        union all
        select to_char(refunded_at at time zone 'Africa/Douala', 'YYYY-MM'), operator, 0, 0, refunded_amount
          from payments where refunded_at is not null and refunded_amount <> 0
      ) contributions group by month, operator order by month, operator`);
  const rollUp = () =>
    app.db.execute(sql`
      select month, operator::text, paid_count, paid_amount::text, refunded_amount::text from payment_monthly_totals
      where paid_count <> 0 or paid_amount <> 0 or refunded_amount <> 0 order by month, operator`);

  it('follows every write to payments: paid later, refunded, the operator corrected, deleted', async () => {
    const payer = await createUser(app);
    const pending = await insertPayment(app, payer.id, { paidAt: null, status: 'pending', operator: 'orange' });
    expect(rowsOf(await rollUp())).toEqual(rowsOf(await fromPayments()));
    // Paid at 23:30 UTC on 31 March: April in Douala.
    await app.db
      .update(payments)
      .set({ status: 'successful', paidAt: at('2026-03-31T23:30:00Z') })
      .where(eq(payments.id, pending.id));
    expect(rowsOf(await rollUp())).toEqual(rowsOf(await fromPayments()));
    await app.db.update(payments).set({ operator: 'mtn' }).where(eq(payments.id, pending.id));
    await app.db
      .update(payments)
      .set({ status: 'refunded', refundedAmount: 2000, refundedAt: at('2026-05-02T10:00:00Z') })
      .where(eq(payments.id, pending.id));
    expect(rowsOf(await rollUp())).toEqual(rowsOf(await fromPayments()));
    expect((await chartsAt(at('2026-05-15T10:00:00Z'))).revenueMonthly.slice(-2)).toEqual([
      { month: '2026-04', payments: 1, paid: 2000, refunded: 0, revenue: 2000 },
      { month: '2026-05', payments: 0, paid: 0, refunded: 2000, revenue: -2000 },
    ]);
    await app.db.delete(payments).where(eq(payments.id, pending.id));
    expect(rowsOf(await rollUp())).toEqual(rowsOf(await fromPayments()));
    // After a bulk write made without the trigger, the refill computes it afresh (decision 055).
    await app.db.execute(sql`delete from payment_monthly_totals where month = '2026-12'`);
    await app.db.execute(sql`select payment_monthly_totals_refill()`);
    expect(rowsOf(await rollUp())).toEqual(rowsOf(await fromPayments()));
  });
});
