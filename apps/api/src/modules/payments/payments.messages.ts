import { toDoualaParts } from '@app/shared/douala-time';
import {
  formatFcfa,
  maskPhone,
  OPERATOR_LABELS,
  type Operator,
  PLAN_DAYS,
  PLAN_LABELS,
  type PaymentPurpose,
} from '@app/shared/payments';

/*
 * What the payments module writes in French (decision 052): the timeline's notes (the back
 * office's 'Transactions' shows them; English in i18n.ts) and the receipt and reminder sent
 * through the outbox.
 */

export const PAYMENT_NOTES = {
  created: 'Paiement créé',
  requested: 'Demande de paiement envoyée à l’opérateur',
  unreachable: 'Opérateur injoignable : statut inconnu, vérification automatique',
  refusedAtRequest: 'Demande refusée par l’opérateur',
  successful: 'Paiement confirmé par l’opérateur',
  failed: 'Paiement non abouti chez l’opérateur',
  timeout: 'Délai de l’opérateur dépassé',
  cancelled: 'Annulé par le payeur',
  closed: 'Demande close chez l’opérateur',
  mismatch: 'Montant ou devise différents chez l’opérateur : paiement non compté',
  checked: 'Statut vérifié par l’équipe',
} as const;

export const PAYMENT_NOT_FOUND = 'Paiement introuvable';
export const PAYMENT_IN_PROGRESS_MESSAGE =
  'Un paiement est déjà en cours : validez-le sur votre téléphone ou annulez-le avant d’en commencer un autre';
export const CALLBACK_REJECTED_MESSAGE = 'Rappel refusé';
export const PAYMENT_NEEDS_VERIFIED = 'Confirmez votre adresse e-mail ou votre numéro avant de payer';

/** '27/11/2026 à 05:30': a date and time in Douala time, as receipts write them. */
export function doualaDateTimeText(at: Date): string {
  const { date, time } = toDoualaParts(at.toISOString());
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} à ${time}`;
}

/** '27/12/2026': a Douala day. */
export function doualaDayText(at: Date): string {
  return doualaDateTimeText(at).slice(0, 10);
}

export interface ReceiptFacts {
  reference: string;
  plan: PaymentPurpose;
  amount: number;
  creditUsed: number;
  operator: Operator;
  phone: string;
  paidAt: Date;
  premiumUntil: Date | null;
}

/** The receipt: number, amount, operator, masked number, date in Douala time. */
export function receiptEmail(facts: ReceiptFacts): { subject: string; text: string } {
  if (facts.plan === 'campaign') {
    const lines = [
      'Merci ! Le paiement de votre publicité a bien été reçu. L’équipe la valide avant sa diffusion.',
      '',
      `Reçu n° ${facts.reference}`,
      `Montant payé : ${formatFcfa(facts.amount)}`,
      `Opérateur : ${OPERATOR_LABELS[facts.operator]}`,
      `Numéro : ${maskPhone(facts.phone)}`,
      `Date : ${doualaDateTimeText(facts.paidAt)} (heure de Douala)`,
      '',
      'Si elle est refusée, ce montant vous est remboursé.',
    ];
    return { subject: `Reçu de paiement ${facts.reference} : Publicité`, text: lines.join('\n') };
  }
  const lines = [
    'Merci ! Votre paiement Premium a bien été reçu.',
    '',
    `Reçu n° ${facts.reference}`,
    `Formule : ${PLAN_LABELS[facts.plan]} (${PLAN_DAYS[facts.plan]} jours)`,
    `Montant payé : ${formatFcfa(facts.amount)}`,
    ...(facts.creditUsed > 0 ? [`Crédit de parrainage utilisé : ${formatFcfa(facts.creditUsed)}`] : []),
    `Opérateur : ${OPERATOR_LABELS[facts.operator]}`,
    `Numéro : ${maskPhone(facts.phone)}`,
    `Date : ${doualaDateTimeText(facts.paidAt)} (heure de Douala)`,
    ...(facts.premiumUntil ? [`Premium jusqu’au ${doualaDayText(facts.premiumUntil)}.`] : []),
    '',
    'Aucun prélèvement automatique : pour prolonger, payez à nouveau depuis votre espace (Renouveler).',
  ];
  return { subject: `Reçu de paiement ${facts.reference} : Premium`, text: lines.join('\n') };
}

export function receiptSms(facts: ReceiptFacts): string {
  return [
    `Paiement ${facts.plan === 'campaign' ? 'Publicité' : 'Premium'} reçu. Reçu ${facts.reference} : ${formatFcfa(facts.amount)}`,
    `${OPERATOR_LABELS[facts.operator]} ${maskPhone(facts.phone)}`,
    `le ${doualaDateTimeText(facts.paidAt)} (heure de Douala).`,
    ...(facts.premiumUntil ? [`Premium jusqu’au ${doualaDayText(facts.premiumUntil)}.`] : []),
  ].join(' ');
}

/** Three days before the end: no automatic debit, 'Renouveler' pays again. */
export function reminderEmail(premiumUntil: Date, renewUrl: string): { subject: string; text: string } {
  return {
    subject: `Votre Premium se termine le ${doualaDayText(premiumUntil)}`,
    text: [
      `Votre abonnement Premium se termine le ${doualaDateTimeText(premiumUntil)} (heure de Douala).`,
      '',
      'Il n’y a pas de prélèvement automatique : pour le prolonger, payez à nouveau avec MTN Mobile Money ou Orange Money.',
      `Renouveler : ${renewUrl}`,
    ].join('\n'),
  };
}

export function reminderSms(premiumUntil: Date, renewUrl: string): string {
  return `Votre Premium se termine le ${doualaDayText(premiumUntil)}. Pas de prélèvement automatique : renouvelez sur ${renewUrl}`;
}
