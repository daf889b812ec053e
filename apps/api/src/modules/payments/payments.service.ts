import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  type FailureReason,
  splitPrice,
  maskPhone,
  NOT_A_CAMEROON_MOBILE,
  OPERATOR_LABELS,
  type Operator,
  operatorOfNumber,
  PLAN_DAYS,
  PLAN_IDS,
  PLAN_LABELS,
  type Payment,
  type PaymentPurpose,
  type PlanId,
  type PremiumOverview,
  planPrice,
} from '@app/shared/payments';
import { isPremiumActive } from '@app/shared/premium';
import type { Settings } from '@app/shared/settings';
import type { Database, Tx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import { type MobileMoneyProvider, ProviderRefused, type ProviderStatus, ProviderUnreachable } from './mobile-money';
import {
  PAYMENT_IN_PROGRESS_MESSAGE,
  PAYMENT_NEEDS_VERIFIED,
  PAYMENT_NOT_FOUND,
  PAYMENT_NOTES,
  receiptEmail,
  receiptSms,
} from './payments.messages';
import { campaignPaid } from '../ads/ads.writes';
import { notifyUser } from '../user-notifications/user-notifications.writes';
import {
  availableCredit,
  extendPremium,
  findAccount,
  findByIdempotencyKey,
  findOwnPayment,
  findPayment,
  findRunningPayment,
  insertPayment,
  insertPaymentEvent,
  listOwnPayments,
  lockAccount,
  type PaymentRow,
  type PaymentStatusValue,
  queueMessage,
  RUNNING_STATUSES,
  transitionPayment,
  updatePayment,
} from './payments.repository';

export type { PaymentRow } from './payments.repository';

/*
 * Premium paid with Mobile Money (issue 28, decision 052): the payer's actions and the one place
 * a provider's answer is applied to a payment (`reconcilePayment`), used by the request itself,
 * the callbacks, the job and the back office's 'Vérifier le statut'.
 */

export interface PaymentDeps {
  db: Database;
  providers: Record<Operator, MobileMoneyProvider>;
  settings: { get(): Promise<Settings> };
  log: FastifyBaseLogger;
  /** Where the providers call back and the reminder's link points. */
  publicUrl: string;
}

/** A payment still pending this long after its request is asked about by the job (callbacks often never arrive). */
export const FIRST_CHECK_AFTER_MS = 2 * 60_000;
/** An 'unknown' payment (the provider did not answer the request) is asked about this soon. */
export const UNKNOWN_FIRST_CHECK_MS = 30_000;
/** After the provider's own lifetime, a payment it still cannot be asked about is given up after this long. */
export const UNREACHABLE_GRACE_MS = 24 * 3_600_000;

/** The job's backoff: a quarter of the payment's age, between 30 s and 10 min. */
export function checkDelayMs(ageMs: number): number {
  return Math.min(10 * 60_000, Math.max(30_000, Math.round(ageMs / 4)));
}

/** When the job asks next: backed off, but once right after the provider's lifetime (to close it). */
export function nextCheckAt(payment: Pick<PaymentRow, 'createdAt' | 'expiresAt'>, now: Date): Date {
  const backedOff = now.getTime() + checkDelayMs(now.getTime() - payment.createdAt.getTime());
  const expiry = payment.expiresAt.getTime() + 5_000;
  return new Date(now.getTime() < expiry ? Math.min(backedOff, expiry) : backedOff);
}

const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 'PAY-7K3F9Q2M': ours, shown on the receipt (no 0/O, 1/I to misread). */
export function newPaymentReference(): string {
  const bytes = randomBytes(8);
  return `PAY-${[...bytes].map((byte) => REFERENCE_ALPHABET[byte % 32]).join('')}`;
}

export function isEmulated(providers: Record<Operator, MobileMoneyProvider>): boolean {
  return Object.values(providers).some((provider) => provider.emulated);
}

/** A payment as its payer sees it. */
export function toPayment(row: PaymentRow, providers: Partial<Record<Operator, MobileMoneyProvider>>): Payment {
  return {
    _id: row.id,
    reference: row.reference,
    plan: row.plan as PaymentPurpose,
    amount: row.amount,
    creditUsed: row.creditUsed,
    currency: 'XAF',
    operator: row.operator,
    phoneMasked: maskPhone(row.phone),
    status: row.status,
    failureReason: (row.failureReason as FailureReason | null) ?? null,
    emulated: providers[row.operator]?.emulated ?? false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    premiumUntil: row.premiumUntil?.toISOString() ?? null,
  };
}

const paymentNotFound = () => notFound(PAYMENT_NOT_FOUND);

// ─── the payer ───────────────────────────────────────────────────────────────────────────────

/** `GET /api/payments/premium`: the plans at today's prices and where the caller stands. */
export async function premiumOverview(deps: PaymentDeps, userId: string): Promise<PremiumOverview> {
  const [settings, account, credit, running] = await Promise.all([
    deps.settings.get(),
    findAccount(deps.db, userId),
    availableCredit(deps.db, userId),
    findRunningPayment(deps.db, userId),
  ]);
  const premium = isPremiumActive(account?.plan, account?.premiumUntil);
  return {
    plans: PLAN_IDS.map((id) => ({ id, label: PLAN_LABELS[id], price: planPrice(settings.payments, id), days: PLAN_DAYS[id] })),
    credit,
    premium,
    premiumUntil: premium ? (account?.premiumUntil?.toISOString() ?? null) : null,
    phone: account?.phone ?? null,
    current: running ? toPayment(running, deps.providers) : null,
    emulated: isEmulated(deps.providers),
  };
}

export interface PayerValues {
  /** E.164 (the shared phone schema). */
  phone: string;
  operator: Operator;
  idempotencyKey: string;
}

export interface StartPaymentValues extends PayerValues {
  plan: PlanId;
}

/**
 * What a new payment asks for, decided inside its transaction (after the account is locked):
 * a premium plan (its price less the referral credit), or an ad campaign (its price).
 */
export interface Charge {
  plan: PaymentPurpose;
  price: number;
  /** The referral credit taken off (premium only). */
  useCredit: boolean;
  campaignId?: string;
}

/**
 * Starts a payment: the amount is the plan's price in the settings less the unused referral
 * credit (never below MIN_PAYMENT_FCFA). One payment per idempotency key (a double tap or a
 * retried request answers the first, `created: false`), one running payment per account (409
 * PAYMENT_IN_PROGRESS). The request to pay is sent once the row is committed.
 */
export async function startPayment(
  deps: PaymentDeps,
  actor: { id: string; isVerified: boolean },
  input: StartPaymentValues,
): Promise<{ payment: PaymentRow; created: boolean }> {
  // Read before the transaction: on PGlite (one connection) a read outside it would wait for it.
  const price = planPrice((await deps.settings.get()).payments, input.plan);
  return startCharge(deps, actor, input, async () => ({ plan: input.plan, price, useCredit: true }));
}

/**
 * Starts a payment of what `charge` decides (in the transaction, once the account is locked and
 * no running payment found), under the rules of `startPayment`.
 */
export async function startCharge(
  deps: PaymentDeps,
  actor: { id: string; isVerified: boolean },
  input: PayerValues,
  charge: (tx: Tx) => Promise<Charge>,
): Promise<{ payment: PaymentRow; created: boolean }> {
  // Even while sign-in lets unverified accounts in (requireEmailVerification off), nobody pays
  // from one: the receipt goes to a proven contact.
  if (!actor.isVerified) throw forbidden(PAYMENT_NEEDS_VERIFIED);
  const userId = actor.id;
  if (operatorOfNumber(input.phone) === null) {
    throw new AppError('NOT_A_CAMEROON_MOBILE', NOT_A_CAMEROON_MOBILE, { phone: [NOT_A_CAMEROON_MOBILE] });
  }
  const provider = deps.providers[input.operator];

  const decided = await deps.db.transaction(async (tx) => {
    // Two requests of one account wait for each other here.
    if (!(await lockAccount(tx, userId))) throw paymentNotFound();
    const same = await findByIdempotencyKey(tx, userId, input.idempotencyKey);
    if (same) return { payment: same, created: false };
    const running = await findRunningPayment(tx, userId);
    if (running) {
      throw new AppError('PAYMENT_IN_PROGRESS', PAYMENT_IN_PROGRESS_MESSAGE, undefined, {
        payment: toPayment(running, deps.providers),
      });
    }
    const { plan, price, useCredit, campaignId } = await charge(tx);
    const { creditUsed: credit, amount } = useCredit
      ? splitPrice(price, await availableCredit(tx, userId))
      : { creditUsed: 0, amount: price };
    const now = new Date();
    const payment = await insertPayment(tx, {
      reference: newPaymentReference(),
      userId,
      idempotencyKey: input.idempotencyKey,
      plan,
      campaignId: campaignId ?? null,
      amount,
      creditUsed: credit,
      currency: 'XAF',
      operator: input.operator,
      phone: input.phone,
      status: 'pending',
      callbackToken: randomBytes(24).toString('base64url'),
      expiresAt: new Date(now.getTime() + provider.requestLifetimeMs),
      nextCheckAt: new Date(now.getTime() + FIRST_CHECK_AFTER_MS),
    });
    await insertPaymentEvent(tx, payment.id, {
      status: 'pending',
      note: PAYMENT_NOTES.created,
      detail: {
        plan,
        campaignId: campaignId ?? null,
        price,
        creditUsed: credit,
        amount: payment.amount,
        operator: input.operator,
      },
    });
    return { payment, created: true };
  });
  if (!decided.created) return decided;
  return { payment: await requestToPay(deps, decided.payment), created: true };
}

/** The request to pay, after the commit: unreachable → 'unknown' (asked again by the job), refused → 'failed'. */
async function requestToPay(deps: PaymentDeps, payment: PaymentRow): Promise<PaymentRow> {
  const provider = deps.providers[payment.operator];
  const log = deps.log.child({ paymentId: payment.id, operator: payment.operator });
  try {
    const { providerReference } = await provider.requestToPay({
      paymentId: payment.id,
      reference: payment.reference,
      amount: payment.amount,
      currency: 'XAF',
      phone: payment.phone,
      payerMessage: `${payment.plan === 'campaign' ? 'Publicité' : `Premium ${PLAN_LABELS[payment.plan as PlanId]}`} ${payment.reference}`,
      payeeNote: payment.reference,
      callbackUrl: callbackUrl(deps, payment),
    });
    return await deps.db.transaction(async (tx) => {
      const row = (await updatePayment(tx, payment.id, { providerReference })) ?? payment;
      await insertPaymentEvent(tx, payment.id, {
        status: row.status,
        note: PAYMENT_NOTES.requested,
        detail: { operator: OPERATOR_LABELS[payment.operator], providerReference },
      });
      return row;
    });
  } catch (error) {
    if (error instanceof ProviderRefused) {
      log.info({ reason: error.reason }, 'payment request refused by the provider');
      return (
        (await applyFailure(deps, payment, error.reason, PAYMENT_NOTES.refusedAtRequest, {
          via: 'request',
          detail: error.message,
        })) ?? payment
      );
    }
    // ProviderUnreachable, or anything else: the request may have reached the provider.
    log.warn({ err: error instanceof ProviderUnreachable ? error.message : error }, 'payment request unanswered: status unknown');
    // Orange's reference is known before the call that failed: kept to ask by.
    const known = (error as { providerReference?: unknown }).providerReference;
    return await deps.db.transaction(async (tx) => {
      const row = await transitionPayment(tx, payment.id, ['pending'], {
        status: 'unknown',
        nextCheckAt: new Date(Date.now() + UNKNOWN_FIRST_CHECK_MS),
        ...(typeof known === 'string' && known ? { providerReference: known } : {}),
      });
      if (!row) return (await findPayment(tx, payment.id)) ?? payment;
      await insertPaymentEvent(tx, payment.id, {
        status: 'unknown',
        note: PAYMENT_NOTES.unreachable,
        detail: { via: 'request' },
      });
      return row;
    });
  }
}

export function callbackUrl(deps: Pick<PaymentDeps, 'publicUrl'>, payment: Pick<PaymentRow, 'operator' | 'callbackToken'>) {
  return `${deps.publicUrl.replace(/\/$/, '')}/api/payments/callbacks/${payment.operator}/${payment.callbackToken}`;
}

export async function getOwnPayment(deps: PaymentDeps, userId: string, id: string): Promise<PaymentRow> {
  const row = await findOwnPayment(deps.db, userId, id);
  if (!row) throw paymentNotFound();
  return row;
}

export async function listPayments(deps: PaymentDeps, userId: string, page: number, limit: number) {
  const { items, total } = await listOwnPayments(deps.db, userId, page, limit);
  return { items: items.map((row) => toPayment(row, deps.providers)), total };
}

/**
 * 'Annuler' while the payment runs: the payer stops waiting and sees it cancelled, but the job
 * still asks the provider until the request's lifetime ends; if the person approved on the phone
 * anyway, the payment becomes successful and premium is granted (never money without premium).
 */
export async function cancelPayment(deps: PaymentDeps, userId: string, id: string): Promise<PaymentRow> {
  const own = await getOwnPayment(deps, userId, id);
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const row = await transitionPayment(tx, own.id, RUNNING_STATUSES, {
      status: 'failed',
      failureReason: 'cancelled',
      nextCheckAt: now < own.expiresAt ? nextCheckAt(own, now) : now,
    });
    if (!row) return (await findPayment(tx, own.id)) ?? own;
    await insertPaymentEvent(tx, own.id, { status: 'failed', note: PAYMENT_NOTES.cancelled, detail: { via: 'payer' } });
    return row;
  });
}

// ─── reading the provider back ───────────────────────────────────────────────────────────────

export interface ReconcileOptions {
  /** The team member who asked ('Vérifier le statut'): a timeline row and an audit row. */
  actorId?: string;
  /** What asked: the job, a callback, the back office (for the timeline's detail). */
  via?: 'job' | 'callback' | 'check';
}

/** Whether the provider may still have something to say about this payment. */
function stillAsked(payment: PaymentRow): boolean {
  return RUNNING_STATUSES.includes(payment.status) || (payment.status === 'failed' && payment.nextCheckAt !== null);
}

/**
 * Reads the payment's status back from its provider and applies it, exactly once, with its
 * timeline row: successful (only when the provider's amount and currency are the payment's) →
 * premium extended and the receipt queued; failed → nothing taken, the credit given back; still
 * pending → asked again later, or timed out once past the provider's lifetime. A provider that
 * cannot be asked leaves the payment as it is. Used by the job, the callbacks and the back office.
 */
export async function reconcilePayment(
  deps: PaymentDeps,
  paymentId: string,
  options: ReconcileOptions = {},
): Promise<PaymentRow> {
  const via = options.via ?? (options.actorId ? 'check' : 'job');
  const payment = await findPayment(deps.db, paymentId);
  if (!payment) throw paymentNotFound();
  const asked = stillAsked(payment) || options.actorId !== undefined;
  let answer: ProviderStatus | null = null;
  let unreachable: string | null = null;
  if (asked) {
    try {
      answer = await deps.providers[payment.operator].status(payment.providerReference ?? payment.id);
    } catch (error) {
      unreachable = error instanceof Error ? error.message : String(error);
      deps.log.warn({ paymentId, operator: payment.operator, err: unreachable }, 'payment status: provider not answering');
    }
  }
  const now = new Date();
  let row: PaymentRow | null = null;
  if (answer?.status === 'successful') {
    row = await applyProviderSuccess(deps, payment, answer, { via, actorId: options.actorId });
  } else if (answer?.status === 'failed') {
    row = await applyFailure(deps, payment, answer.reason, PAYMENT_NOTES.failed, {
      via,
      detail: answer.detail,
      actorId: options.actorId,
    });
  } else if (answer?.status === 'pending' && now >= payment.expiresAt) {
    row = await applyFailure(deps, payment, 'timeout', PAYMENT_NOTES.timeout, { via, actorId: options.actorId });
  } else if (unreachable !== null && now.getTime() >= payment.expiresAt.getTime() + UNREACHABLE_GRACE_MS) {
    row = await applyFailure(deps, payment, 'timeout', PAYMENT_NOTES.timeout, {
      via,
      detail: 'provider unreachable',
      actorId: options.actorId,
    });
  } else if (asked && stillAsked(payment)) {
    row = await updatePayment(deps.db, payment.id, { nextCheckAt: nextCheckAt(payment, now) });
  }
  if (options.actorId) await recordCheck(deps, payment, options.actorId, answer, unreachable);
  return (await findPayment(deps.db, payment.id)) ?? row ?? payment;
}

/** 'Vérifier le statut': a timeline row naming who asked, and the audit row. */
async function recordCheck(
  deps: PaymentDeps,
  before: PaymentRow,
  actorId: string,
  answer: ProviderStatus | null,
  unreachable: string | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const after = (await findPayment(tx, before.id)) ?? before;
    await insertPaymentEvent(tx, before.id, {
      status: after.status,
      note: PAYMENT_NOTES.checked,
      actorId,
      detail: { provider: answer?.status ?? (unreachable !== null ? 'unreachable' : null) },
    });
    await recordWrite(tx, {
      audit: {
        actorId,
        action: 'payment.check',
        targetType: 'payment',
        targetId: before.id,
        before: { status: before.status },
        after: { status: after.status, provider: answer?.status ?? 'unreachable' },
      },
    });
  });
}

interface ApplyContext {
  via: string;
  actorId?: string;
  detail?: string | null;
}

/** A refusal, insufficient funds, a timeout: nothing taken, nothing granted, the credit given back. */
async function applyFailure(
  deps: PaymentDeps,
  payment: PaymentRow,
  reason: FailureReason,
  note: string,
  context: ApplyContext,
): Promise<PaymentRow | null> {
  return deps.db.transaction(async (tx) => {
    const row = await transitionPayment(tx, payment.id, RUNNING_STATUSES, {
      status: 'failed',
      failureReason: reason,
      nextCheckAt: null,
    });
    if (row) {
      await insertPaymentEvent(tx, payment.id, {
        status: 'failed',
        note,
        actorId: context.actorId ?? null,
        detail: { via: context.via, reason, detail: context.detail ?? null },
      });
      return row;
    }
    // Cancelled by the payer and now closed at the provider: nothing more to ask.
    const closed = await transitionPayment(tx, payment.id, ['failed'], { nextCheckAt: null });
    if (closed && payment.nextCheckAt !== null) {
      await insertPaymentEvent(tx, payment.id, {
        status: 'failed',
        note: PAYMENT_NOTES.closed,
        actorId: context.actorId ?? null,
        detail: { via: context.via, reason },
      });
    }
    return closed;
  });
}

/** The provider says successful: counted only when its amount and currency are the payment's. */
async function applyProviderSuccess(
  deps: PaymentDeps,
  payment: PaymentRow,
  answer: Extract<ProviderStatus, { status: 'successful' }>,
  context: ApplyContext,
): Promise<PaymentRow | null> {
  if (answer.amount !== payment.amount || answer.currency !== payment.currency) {
    deps.log.error(
      {
        paymentId: payment.id,
        operator: payment.operator,
        expected: payment.amount,
        answered: answer.amount,
        currency: answer.currency,
      },
      'payment: the provider’s amount or currency differ; not counted',
    );
    return deps.db.transaction(async (tx) => {
      const row = await transitionPayment(tx, payment.id, [...RUNNING_STATUSES, 'failed'], {
        status: 'failed',
        failureReason: 'provider_error',
        nextCheckAt: null,
      });
      if (row)
        await insertPaymentEvent(tx, payment.id, {
          status: 'failed',
          note: PAYMENT_NOTES.mismatch,
          actorId: context.actorId ?? null,
          detail: { via: context.via, amount: answer.amount, currency: answer.currency },
        });
      return row;
    });
  }
  return applySuccess(deps, payment.id, { ...context, providerTransactionId: answer.providerTransactionId });
}

/**
 * Counts a successful payment, exactly once: the conditional UPDATE of its status lets one
 * caller through (the others find it successful already and change nothing); in the same
 * transaction premium is extended by the plan's days from the later of now and the current end,
 * the timeline row written and the receipt queued (e-mail and SMS through the outbox).
 */
export async function applySuccess(
  deps: Pick<PaymentDeps, 'db'>,
  paymentId: string,
  context: ApplyContext & { providerTransactionId?: string | null },
): Promise<PaymentRow | null> {
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    const counted = await transitionPayment(tx, paymentId, ['pending', 'unknown', 'failed'], {
      status: 'successful',
      failureReason: null,
      nextCheckAt: null,
      paidAt: now,
    });
    if (!counted) return null;
    const account = await lockAccount(tx, counted.userId);
    if (counted.campaignId) {
      await insertPaymentEvent(tx, paymentId, {
        status: 'successful',
        note: PAYMENT_NOTES.successful,
        actorId: context.actorId ?? null,
        detail: {
          via: context.via,
          providerTransactionId: context.providerTransactionId ?? null,
          campaignId: counted.campaignId,
        },
      });
      await queueReceipt(tx, counted, account?.email ?? null);
      await campaignPaid(tx, counted);
      return counted;
    }
    const period = await extendPremium(tx, counted.userId, PLAN_DAYS[counted.plan as PlanId], now);
    const row =
      (await transitionPayment(tx, paymentId, ['successful'], { premiumFrom: period.from, premiumUntil: period.until })) ??
      counted;
    await insertPaymentEvent(tx, paymentId, {
      status: 'successful',
      note: PAYMENT_NOTES.successful,
      actorId: context.actorId ?? null,
      detail: {
        via: context.via,
        providerTransactionId: context.providerTransactionId ?? null,
        premiumFrom: period.from.toISOString(),
        premiumUntil: period.until?.toISOString() ?? null,
      },
    });
    await queueReceipt(tx, row, account?.email ?? null);
    await notifyUser(tx, {
      userId: counted.userId,
      kind: 'payment_succeeded',
      data: { amount: row.amount, premiumUntil: period.until?.toISOString() ?? null },
    });
    return row;
  });
}

async function queueReceipt(tx: Tx, payment: PaymentRow, email: string | null): Promise<void> {
  const facts = {
    reference: payment.reference,
    plan: payment.plan as PaymentPurpose,
    amount: payment.amount,
    creditUsed: payment.creditUsed,
    operator: payment.operator,
    phone: payment.phone,
    paidAt: payment.paidAt ?? new Date(),
    premiumUntil: payment.premiumUntil,
  };
  if (email) await queueMessage(tx, { channel: 'email', recipient: email, ...receiptEmail(facts) });
  await queueMessage(tx, { channel: 'sms', recipient: payment.phone, text: receiptSms(facts) });
}

/** The statuses after which a payment is settled for its payer (for the routes). */
export const SETTLED_STATUSES: PaymentStatusValue[] = ['successful', 'failed', 'refunded'];
