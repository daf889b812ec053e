import { z } from 'zod';
import { apiErrorSchema, pageQuerySchema } from './common';
import { phoneSchema } from './phone';

/*
 * Premium paid with Mobile Money (issue 28): the plans, the operators and who pays with which, and
 * the bodies of the payment routes, shared by the API, the web app and the back office's
 * 'Transactions'. Money is integer francs CFA (XAF).
 */

// ─── plans ───────────────────────────────────────────────────────────────────────────────────

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const planIdSchema = z.enum(PLAN_IDS, { message: 'Formule inconnue' });

/** How long each plan lasts, in days, added to the later of now and the current end of premium. */
export const PLAN_DAYS: Record<PlanId, number> = { monthly: 30, yearly: 365 };

export const PLAN_LABELS: Record<PlanId, string> = { monthly: 'Mensuel', yearly: 'Annuel' };

/** What a payment pays for: a premium plan, or an ad campaign ('Publicités', issue 30). */
export const PAYMENT_PURPOSES = [...PLAN_IDS, 'campaign'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const paymentPurposeSchema = z.enum(PAYMENT_PURPOSES, { message: 'Formule inconnue' });
export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = { ...PLAN_LABELS, campaign: 'Publicité' };

/** A plan's price in FCFA, from the settings (settings › payments), never from the client. */
export function planPrice(prices: { monthlyPrice: number; yearlyPrice: number }, plan: PlanId): number {
  return plan === 'monthly' ? prices.monthlyPrice : prices.yearlyPrice;
}

/** '2 000 FCFA': the thousands set apart by a narrow no-break space (U+202F), as French writes them. */
export function formatFcfa(amount: number): string {
  const digits = Math.round(Math.abs(amount))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return `${amount < 0 ? '−' : ''}${digits}\u00a0FCFA`;
}

// ─── operators ───────────────────────────────────────────────────────────────────────────────

export const OPERATORS = ['mtn', 'orange'] as const;
export type Operator = (typeof OPERATORS)[number];
export const operatorSchema = z.enum(OPERATORS, { message: 'Opérateur inconnu : MTN Mobile Money ou Orange Money' });
export const OPERATOR_LABELS: Record<Operator, string> = { mtn: 'MTN Mobile Money', orange: 'Orange Money' };

/**
 * Cameroon's mobile prefixes (the national number's first three digits, after +237 6), from the
 * regulator's numbering plan (ART): MTN 67x, 650–654, 680–684; Orange 69x, 655–659, 685–689.
 */
const OPERATOR_PREFIXES: ReadonlyArray<readonly [from: number, to: number, operator: Operator]> = [
  [670, 679, 'mtn'],
  [650, 654, 'mtn'],
  [680, 684, 'mtn'],
  [690, 699, 'orange'],
  [655, 659, 'orange'],
  [685, 689, 'orange'],
];

/** The operator a Cameroonian mobile number (E.164, +2376XXXXXXXX) belongs to, or null. */
export function operatorOfNumber(e164: string): Operator | null {
  const match = /^\+237(6\d{2})\d{6}$/.exec(e164);
  if (!match) return null;
  const prefix = Number(match[1]);
  return OPERATOR_PREFIXES.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

export const NOT_A_CAMEROON_MOBILE = 'Le paiement Mobile Money se fait avec un numéro mobile du Cameroun (+237 6…)';

/** '+237 6•• •• •• 56': a payer's number as receipts, lists and logs show it. */
export function maskPhone(e164: string): string {
  const match = /^\+237(\d)(\d{6})(\d{2})$/.exec(e164);
  if (!match) return `${e164.slice(0, 4)}••••${e164.slice(-2)}`;
  return `+237 ${match[1]}•• •• •• ${match[3]}`;
}

// ─── payments ────────────────────────────────────────────────────────────────────────────────

/**
 * `pending`: asked, waiting for the payer; `unknown`: the provider could not be asked or did not
 * answer, the job keeps asking it by reference (never taken as a failure); `successful`: counted,
 * premium extended once; `failed`: refused, insufficient funds, timed out or cancelled, nothing
 * changed; `refunded`: was successful, then refunded.
 */
export const PAYMENT_STATUSES = ['pending', 'unknown', 'successful', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FAILURE_REASONS = ['refused', 'insufficient_funds', 'timeout', 'cancelled', 'provider_error'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** What the payer reads when a payment did not go through (nothing was taken, nothing changed). */
export const FAILURE_MESSAGES: Record<FailureReason, string> = {
  refused: 'Paiement refusé sur votre téléphone. Aucun montant n’a été prélevé.',
  insufficient_funds: 'Solde insuffisant sur votre compte Mobile Money. Aucun montant n’a été prélevé.',
  timeout: 'Le paiement n’a pas été validé à temps. Aucun montant n’a été prélevé.',
  cancelled: 'Paiement annulé. Aucun montant n’a été prélevé.',
  provider_error: 'L’opérateur n’a pas pu traiter le paiement. Aucun montant n’a été prélevé.',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'En attente',
  unknown: 'En vérification',
  successful: 'Réussi',
  failed: 'Échoué',
  refunded: 'Remboursé',
};

/**
 * `POST /api/payments`: the plan and the number; the operator is proposed from the number and may
 * be changed. The amount is never sent: it is the server's plan price. `idempotencyKey` (a uuid
 * made by the page when the form opens) makes a double tap or a retried request one payment.
 */
export const startPaymentSchema = z.strictObject({
  plan: planIdSchema,
  phone: phoneSchema,
  operator: operatorSchema,
  idempotencyKey: z.uuid({ message: 'Clé de requête invalide' }),
});
export type StartPaymentInput = z.input<typeof startPaymentSchema>;

/** One payment as its payer sees it (`GET /api/payments/:id`, the answer of `POST /api/payments`). */
export const paymentSchema = z.object({
  _id: z.string(),
  /** Ours, shown on the receipt: 'PAY-7K3F9Q2M'. */
  reference: z.string(),
  plan: paymentPurposeSchema,
  /** What the payer was asked for: the plan's price less the credit used. */
  amount: z.number().int(),
  /** The referral credit (credit_fcfa rewards) taken off the plan's price. */
  creditUsed: z.number().int(),
  currency: z.literal('XAF'),
  operator: operatorSchema,
  phoneMasked: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.enum(FAILURE_REASONS).nullable(),
  /** True while the payment runs on a provider's local emulator (no provider keys). */
  emulated: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The end of premium this payment gave, once successful. */
  premiumUntil: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponseSchema = z.object({ payment: paymentSchema });

/** `GET /api/payments/premium`: the plans at today's prices and where the caller stands. */
export const premiumOverviewSchema = z.object({
  plans: z.array(z.object({ id: planIdSchema, label: z.string(), price: z.number().int(), days: z.number().int() })),
  /** Unused referral credit in FCFA, taken off the next payment. */
  credit: z.number().int(),
  premium: z.boolean(),
  premiumUntil: z.string().nullable(),
  /** The account's phone, when it has one, to propose as the paying number. */
  phone: z.string().nullable(),
  /** The payment still running, if any (the page resumes it). */
  current: paymentSchema.nullable(),
  /** True when payments go to the local emulators (no provider keys configured). */
  emulated: z.boolean(),
});
export type PremiumOverview = z.infer<typeof premiumOverviewSchema>;

/** `GET /api/payments?page=`: the caller's own payments, newest first. */
export const paymentsPageSchema = z.object({ items: z.array(paymentSchema), total: z.number().int() });
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

/** The 409 PAYMENT_IN_PROGRESS answer: the error and the payment still running (the page resumes it). */
export const paymentInProgressSchema = apiErrorSchema.extend({ payment: paymentSchema.optional() });

/** `POST /api/payments/callbacks/:operator/:token`: the operator and the payment's unguessable callback token. */
export const paymentCallbackParamsSchema = z.object({
  operator: operatorSchema,
  token: z.string().regex(/^[\w-]{16,128}$/, { message: 'Adresse de rappel invalide' }),
});

/** The smallest amount asked of a payer: the referral credit never brings a payment below it (decision 052). */
export const MIN_PAYMENT_FCFA = 100;

/**
 * A plan's price split between the referral credit and what the payer is asked: the credit taken
 * never brings the amount below MIN_PAYMENT_FCFA (the server asks this; the form shows the same).
 */
export function splitPrice(price: number, credit: number): { creditUsed: number; amount: number } {
  const creditUsed = Math.min(Math.max(0, credit), Math.max(0, price - MIN_PAYMENT_FCFA));
  return { creditUsed, amount: price - creditUsed };
}

/** How long before the end of premium its reminder goes (once per period; no automatic debit). */
export const PREMIUM_REMINDER_DAYS = 3;

// ─── 'Transactions' (back office, manage_transactions) ──────────────────────────────────────

/** A real calendar day between 2000 and 2100 ('2026-02-30' and '4277-43-32' are refused). */
const paymentDaySchema = z.iso
  .date({ message: 'Date invalide' })
  .refine((day) => day >= '2000-01-01' && day <= '2100-12-31', { message: 'Date invalide' });

export const transactionsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(PAYMENT_STATUSES, { message: 'Statut inconnu' }).optional(),
  operator: operatorSchema.optional(),
  plan: paymentPurposeSchema.optional(),
  /** Douala days, 'YYYY-MM-DD', inclusive. */
  from: paymentDaySchema.optional(),
  to: paymentDaySchema.optional(),
});
export type TransactionsQuery = z.infer<typeof transactionsQuerySchema>;

export const transactionSchema = paymentSchema.extend({
  user: z.object({ _id: z.string(), name: z.string(), username: z.string().nullable(), email: z.string().nullable() }),
  /** The provider's own reference (MTN's X-Reference-Id, Orange's pay token). */
  providerReference: z.string().nullable(),
  refundedAmount: z.number().int(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsPageSchema = z.object({
  items: z.array(transactionSchema),
  total: z.number().int(),
  /** Sums of the filtered payments: successful amount, less refunds. */
  totals: z.object({ count: z.number().int(), successfulAmount: z.number().int(), refundedAmount: z.number().int() }),
});

export const paymentEventSchema = z.object({
  at: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** What happened, in French: 'Demande envoyée à MTN', 'Rappel de l’opérateur', 'Vérifié par …'. */
  note: z.string(),
  actor: z.string().nullable(),
});
export const transactionDetailSchema = z.object({
  transaction: transactionSchema,
  timeline: z.array(paymentEventSchema),
});

export const refundSchema = z.strictObject({
  reason: z
    .string({ message: 'Motif requis' })
    .trim()
    .min(3, { message: 'Motif requis (3 caractères au moins)' })
    .max(500, { message: '500 caractères au maximum' }),
});

// ─── 'Transactions', added by its screen (helper transactions) ──────────────────────────────

/** `GET /api/admin/transactions.csv`: the list's filters, every page. */
export const transactionsExportQuerySchema = transactionsQuerySchema.omit({ page: true, limit: true });
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuerySchema>;

/**
 * `GET /api/admin/transactions/:id`: the transaction, its timeline (oldest first) and its account
 * as it stands now (the end of its premium, which a refund moves back).
 */
export const transactionDetailResponseSchema = transactionDetailSchema.extend({
  account: z.object({
    _id: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    plan: z.string(),
    premiumUntil: z.string().nullable(),
  }),
});
export type TransactionDetail = z.infer<typeof transactionDetailResponseSchema>;
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

/** The answer of 'Vérifier le statut' and 'Rembourser': what was done, and the detail after it. */
export const transactionActionResponseSchema = transactionDetailResponseSchema.extend({ message: z.string() });
export type TransactionActionResponse = z.infer<typeof transactionActionResponseSchema>;

export const TRANSACTION_MESSAGES = {
  notFound: 'Transaction introuvable',
  notRefundable: 'Seul un paiement réussi peut être remboursé, et une seule fois',
  providerRefusedRefund: 'L’opérateur a refusé le remboursement. Rien n’a changé.',
  providerUnavailable: 'L’opérateur ne répond pas. Rien n’a changé ; réessayez dans quelques minutes.',
  refundedByProvider: 'Remboursement effectué par l’opérateur',
  refundedByHand: 'Remboursement enregistré',
  checked: 'Statut vérifié auprès de l’opérateur',
} as const;
