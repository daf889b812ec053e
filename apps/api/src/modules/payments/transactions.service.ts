import { Readable } from 'node:stream';
import { stringify as stringifyRecords } from 'csv-stringify/sync';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  maskPhone,
  type Operator,
  OPERATOR_LABELS,
  PAYMENT_STATUS_LABELS,
  PLAN_DAYS,
  PLAN_LABELS,
  type PlanId,
  TRANSACTION_MESSAGES,
  type Transaction,
  type TransactionDetail,
  type TransactionsExportQuery,
  type TransactionsPage,
} from '@app/shared/payments';
import type { Database, Tx } from '../../db/client';
import { campaignRefunded } from '../ads/ads.writes';
import { payments } from '../../db/schema/index';
import { displayName } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import type { SessionUser } from '../auth/session.service';
import { csvDate } from '../participants/participants.service';
import { CSV_OPTIONS } from '../waitlist/waitlist.service';
import { type MobileMoneyProvider, ProviderRefused } from './mobile-money';
import { type PaymentDeps, reconcilePayment, toPayment } from './payments.service';
import {
  findAccount,
  findTransaction,
  insertPaymentEvent,
  iterateTransactions,
  listPaymentEvents,
  listTransactions,
  type PaymentRow,
  type TransactionRow,
  takePremiumBack,
} from './transactions.repository';

/*
 * 'Transactions' (back office, `manage_transactions`, decision 054): the list, a payment's detail
 * with its timeline, the CSV export, and the refund. A refund is recorded once: a successful
 * payment only, claimed by a conditional update before the provider is asked, so two refunds at
 * once make one (the other answers 409 PAYMENT_NOT_REFUNDABLE).
 */

export interface TransactionsDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** The Mobile Money providers by operator (app.paymentProviders); a refund goes through theirs when it has one. */
  providers: Partial<Record<Operator, MobileMoneyProvider>>;
}

/** A refund claimed this long ago and not finished (the process stopped meanwhile) may be tried again. */
const STALE_REFUND_CLAIM_MS = 2 * 60_000;

const notRefundable = () => new AppError('PAYMENT_NOT_REFUNDABLE', TRANSACTION_MESSAGES.notRefundable);
const transactionNotFound = () => notFound(TRANSACTION_MESSAGES.notFound);

function accountName(row: TransactionRow): string {
  return displayName({ firstName: row.accountFirstName, lastName: row.accountLastName, username: row.accountUsername });
}

export function transactionView(deps: TransactionsDeps, row: TransactionRow): Transaction {
  return {
    ...toPayment(row, deps.providers),
    user: { _id: row.userId, name: accountName(row), username: row.accountUsername, email: row.accountEmail },
    providerReference: row.providerReference,
    refundedAmount: row.refundedAmount,
  };
}

export async function listTransactionsPage(
  deps: TransactionsDeps,
  query: TransactionsExportQuery & { page: number; limit: number },
): Promise<TransactionsPage> {
  const { rows, total, totals } = await listTransactions(deps.db, query);
  return { items: rows.map((row) => transactionView(deps, row)), total, totals };
}

export async function getTransactionDetail(deps: TransactionsDeps, id: string): Promise<TransactionDetail> {
  const row = await findTransaction(deps.db, id);
  if (!row) throw transactionNotFound();
  const events = await listPaymentEvents(deps.db, id);
  const account = await findAccount(deps.db, row.userId);
  return {
    transaction: transactionView(deps, row),
    timeline: events.map((event) => ({
      at: event.at.toISOString(),
      status: event.status,
      note: event.note,
      actor: event.actorId
        ? displayName({ firstName: event.actorFirstName, lastName: event.actorLastName, username: event.actorUsername })
        : null,
    })),
    account: {
      _id: row.userId,
      name: accountName(row),
      username: row.accountUsername,
      email: row.accountEmail,
      plan: account?.plan ?? 'freemium',
      premiumUntil: account?.premiumUntil?.toISOString() ?? null,
    },
  };
}

/**
 * 'Vérifier le statut': the provider is asked again and its answer applied as the job would
 * (reconcilePayment: success counted once, failure takes nothing), with a timeline row and an
 * audit row naming who asked.
 */
export async function checkTransaction(
  deps: TransactionsDeps,
  paymentDeps: PaymentDeps,
  actor: SessionUser,
  id: string,
): Promise<TransactionDetail> {
  if (!(await findTransaction(deps.db, id))) throw transactionNotFound();
  await reconcilePayment(paymentDeps, id, { actorId: actor.id });
  return getTransactionDetail(deps, id);
}

/** How long the payment's premium lasted: its own period, else its plan's days. */
function premiumGiven(payment: PaymentRow): number {
  if (payment.premiumFrom && payment.premiumUntil) {
    return Math.max(0, payment.premiumUntil.getTime() - payment.premiumFrom.getTime());
  }
  return (PLAN_DAYS[payment.plan as PlanId] ?? 0) * 86_400_000;
}

/** Claims the refund of a successful payment not being refunded: the row, or null when another refund has it. */
async function claimRefund(db: Database, id: string, now: Date): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({ refundedAt: now })
    .where(
      and(
        eq(payments.id, id),
        eq(payments.status, 'successful'),
        or(isNull(payments.refundedAt), lt(payments.refundedAt, new Date(now.getTime() - STALE_REFUND_CLAIM_MS))),
      ),
    )
    .returning();
  return row ?? null;
}

async function releaseClaim(db: Database, id: string, claimedAt: Date): Promise<void> {
  await db
    .update(payments)
    .set({ refundedAt: null })
    .where(and(eq(payments.id, id), eq(payments.status, 'successful'), eq(payments.refundedAt, claimedAt)));
}

/**
 * 'Rembourser': a successful payment, once. Through the operator's refund call when its adapter
 * has one (a provider that does not answer or refuses leaves everything as it was), else
 * recorded as refunded by hand with the reason. The premium this payment gave is taken back from
 * the account's end of premium, never before now (decision 054). One timeline row and one audit row.
 */
export async function refundTransaction(
  deps: TransactionsDeps,
  actor: Pick<SessionUser, 'id'>,
  id: string,
  reason: string,
  /** Written in the refund's transaction; by default a refunded campaign is stopped. */
  onRefunded?: (tx: Tx, payment: PaymentRow) => Promise<void>,
): Promise<{ message: string; detail: TransactionDetail }> {
  const now = new Date();
  const claimed = await claimRefund(deps.db, id, now);
  if (!claimed) {
    const exists = await findTransaction(deps.db, id);
    throw exists ? notRefundable() : transactionNotFound();
  }
  const provider = deps.providers[claimed.operator];
  let refundReference: string | null = null;
  if (provider?.refund && claimed.providerReference) {
    try {
      const answer = await provider.refund({
        paymentId: claimed.id,
        providerReference: claimed.providerReference,
        amount: claimed.amount,
        phone: claimed.phone,
        reason,
      });
      refundReference = answer.providerReference;
    } catch (error) {
      await releaseClaim(deps.db, id, now);
      if (error instanceof ProviderRefused) {
        deps.log.warn({ paymentId: id, reason: error.reason }, 'refund refused by the provider');
        throw new AppError('PAYMENT_NOT_REFUNDABLE', TRANSACTION_MESSAGES.providerRefusedRefund);
      }
      deps.log.warn({ paymentId: id, err: (error as Error).name }, 'refund: provider unreachable');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', TRANSACTION_MESSAGES.providerUnavailable);
    }
  }
  const byProvider = refundReference !== null;
  await deps.db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(payments)
      .set({ status: 'refunded', refundedAmount: claimed.amount, refundedAt: now, updatedAt: now, nextCheckAt: null })
      .where(and(eq(payments.id, id), eq(payments.status, 'successful'), eq(payments.refundedAt, now)))
      .returning();
    if (!refunded) throw notRefundable();
    const premium = await takePremiumBack(tx, claimed.userId, premiumGiven(claimed), now);
    if (onRefunded) await onRefunded(tx, claimed);
    else if (claimed.campaignId) await campaignRefunded(tx, claimed.campaignId, reason);
    const note = byProvider
      ? `Remboursé par ${OPERATOR_LABELS[claimed.operator]} (réf. ${refundReference}) — motif : ${reason}`
      : `Remboursement enregistré à la main — motif : ${reason}`;
    await insertPaymentEvent(tx, {
      paymentId: id,
      at: now,
      status: 'refunded',
      note,
      detail: { refundReference, amount: claimed.amount, byProvider },
      actorId: actor.id,
    });
    await recordWrite(tx, {
      audit: {
        actorId: actor.id,
        action: 'payment.refund',
        targetType: 'payment',
        targetId: id,
        before: { status: 'successful', refundedAmount: 0 },
        after: {
          status: 'refunded',
          refundedAmount: claimed.amount,
          reason,
          byProvider,
          refundReference,
          premiumUntil: premium?.premiumUntil?.toISOString() ?? null,
        },
      },
    });
  });
  return {
    message: byProvider ? TRANSACTION_MESSAGES.refundedByProvider : TRANSACTION_MESSAGES.refundedByHand,
    detail: await getTransactionDetail(deps, id),
  };
}

const CSV_HEADER = [
  'Référence',
  'Date',
  'Compte',
  'E-mail',
  'Formule',
  'Montant (FCFA)',
  'Opérateur',
  'Numéro',
  'Statut',
  'Remboursé (FCFA)',
  'Référence opérateur',
];

/** `transactions-<day>.csv`. */
export function transactionsCsvFileName(now = new Date()): string {
  return `transactions-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The filtered payments as CSV (the waiting list's CSV_OPTIONS: UTF-8 with BOM, ';', CRLF, no
 * cell read as a formula), newest first, streamed a batch at a time; numbers masked.
 */
export function exportTransactionsCsv(deps: TransactionsDeps, filters: TransactionsExportQuery): Readable {
  async function* chunks() {
    yield stringifyRecords([CSV_HEADER], CSV_OPTIONS);
    for await (const rows of iterateTransactions(deps.db, filters)) {
      const records = rows.map((row) => [
        row.reference,
        csvDate(row.createdAt),
        accountName(row),
        row.accountEmail ?? '',
        PLAN_LABELS[row.plan as PlanId] ?? row.plan,
        String(row.amount),
        OPERATOR_LABELS[row.operator],
        maskPhone(row.phone),
        PAYMENT_STATUS_LABELS[row.status],
        String(row.refundedAmount),
        row.providerReference ?? '',
      ]);
      yield stringifyRecords(records, { ...CSV_OPTIONS, bom: false });
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
