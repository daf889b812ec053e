import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, insertPayment } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { payments } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../auth/session.service';
import { type StartedMtnMomoEmulator, startMtnMomoEmulator } from './emulators/mtn-momo.emulator';
import { MtnMomoProvider, mtnEmulatorSettings } from './mtn-momo.provider';
import { refundTransaction, type TransactionsDeps } from './transactions.service';

/*
 * 'Rembourser' through MTN's refund call (Disbursement), against the MTN emulator over real HTTP:
 * the refund's reference is in the timeline; an operator that does not answer leaves the payment
 * successful and refundable again.
 */

let testApp: TestApp;
let app: FastifyInstance;
let mtn: StartedMtnMomoEmulator;

function provider(baseUrl: string): MtnMomoProvider {
  return new MtnMomoProvider({ ...mtnEmulatorSettings(baseUrl), requestLifetimeMs: 60_000, callTimeoutMs: 2000 });
}

/** A team member holding manage_transactions, as a request's session sees them. */
async function cashier(): Promise<SessionUser> {
  const manager = await createUser(app, { role: 'admin', permissions: ['manage_transactions'] });
  return { id: manager.id, role: manager.role, isBlocked: false, isVerified: true, permissions: ['manage_transactions'] };
}

beforeAll(async () => {
  testApp = await buildTestApp();
  app = testApp.app;
  mtn = await startMtnMomoEmulator();
});
afterAll(async () => {
  await mtn?.close();
  await testApp?.close();
});

describe('refund through MTN MoMo', () => {
  it('refunds an approved payment through the operator, once, its reference in the timeline', async () => {
    const actor = await cashier();
    const payer = await createUser(app, { firstName: 'Joël', lastName: 'Fotso' });
    const adapter = provider(mtn.url);
    const paymentId = crypto.randomUUID();
    const { providerReference } = await adapter.requestToPay({
      paymentId,
      reference: 'PAY-MTNREFUND1',
      amount: 2000,
      currency: 'XAF',
      phone: '+237677123456',
      payerMessage: 'Premium mensuel',
      payeeNote: 'Premium mensuel',
      callbackUrl: 'http://127.0.0.1:9/callback',
    });
    expect(await mtn.decide(providerReference, 'approve')).toBe(true);
    expect((await adapter.status(providerReference)).status).toBe('successful');
    await insertPayment(app, payer.id, { id: paymentId, reference: 'PAY-MTNREFUND1', providerReference });

    const deps: TransactionsDeps = { db: app.db, log: app.log, providers: { mtn: adapter } };
    const { message, detail } = await refundTransaction(deps, actor, paymentId, 'Double paiement');
    expect(message).toBe('Remboursement effectué par l’opérateur');
    expect(detail.transaction.status).toBe('refunded');
    expect(detail.timeline.at(-1)?.note).toMatch(
      /^Remboursé par MTN Mobile Money \(réf\. [0-9a-f-]{36}\) — motif : Double paiement$/,
    );

    const again = await refundTransaction(deps, actor, paymentId, 'Encore').catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).code).toBe('PAYMENT_NOT_REFUNDABLE');
  });

  it('leaves the payment successful and refundable when the operator does not answer', async () => {
    const actor = await cashier();
    const payer = await createUser(app);
    const payment = await insertPayment(app, payer.id);
    // Nothing listens on port 9: the operator is unreachable.
    const deps: TransactionsDeps = { db: app.db, log: app.log, providers: { mtn: provider('http://127.0.0.1:9') } };
    const failed = await refundTransaction(deps, actor, payment.id, 'Erreur de formule').catch((error: unknown) => error);
    expect((failed as AppError).code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    const [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'successful', refundedAmount: 0, refundedAt: null });
    // By hand (no refund call) it goes through afterwards.
    const byHand: TransactionsDeps = { ...deps, providers: {} };
    const { detail } = await refundTransaction(byHand, actor, payment.id, 'Erreur de formule');
    expect(detail.transaction.status).toBe('refunded');
  });
});
