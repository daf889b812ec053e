import { NOT_A_CAMEROON_MOBILE, type Operator, operatorOfNumber } from '@app/shared/payments';
import { toE164 } from '@app/shared/phone';
import { z } from 'zod';

/** A Cameroonian mobile number in E.164 and its operator, or null for anything else. */
export function cameroonMobile(typed: string): { e164: string; operator: Operator } | null {
  const e164 = toE164(typed);
  const operator = e164 ? operatorOfNumber(e164) : null;
  return e164 && operator ? { e164, operator } : null;
}

/** The operator to propose while the number is typed: the one of its prefix, once it is whole. */
export function proposedOperator(typed: string): Operator | null {
  return cameroonMobile(typed)?.operator ?? null;
}

/** The paying number's field: a number outside Cameroon's mobiles is refused under the field, in French. */
export const payingPhoneSchema = z
  .string()
  .trim()
  .min(1, { message: 'Numéro de téléphone requis' })
  .refine((value) => cameroonMobile(value) !== null, { message: NOT_A_CAMEROON_MOBILE });

/** The number as sent to the API: E.164 when it is a Cameroonian mobile, else as typed (the API refuses it). */
export function payingPhone(typed: string): string {
  return cameroonMobile(typed)?.e164 ?? typed.trim();
}
