import {
  NOT_A_CAMEROON_MOBILE,
  type Operator,
  operatorOfNumber,
  operatorSchema,
  type PlanId,
  planIdSchema,
  type StartPaymentInput,
  splitPrice,
} from '@app/shared/payments';
import { formatPhone, toE164 } from '@app/shared/phone';
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

/** The payment form: a number outside Cameroon's mobiles is refused under the field, in French. */
export const paymentFormSchema = z.object({
  plan: planIdSchema,
  phone: z
    .string()
    .trim()
    .min(1, { message: 'Numéro de téléphone requis' })
    .refine((value) => cameroonMobile(value) !== null, { message: NOT_A_CAMEROON_MOBILE }),
  operator: operatorSchema,
});
export type PaymentFormValues = z.infer<typeof paymentFormSchema>;

/** What the form opens with: the plan chosen, the account's number and its operator (MTN otherwise). */
export function initialPaymentValues(plan: PlanId, accountPhone: string | null): PaymentFormValues {
  const phone = formatPhone(accountPhone);
  return { plan, phone, operator: proposedOperator(phone) ?? 'mtn' };
}

/** The body of `POST /api/payments`: the number in E.164, the key made when the form opened. */
export function startPaymentBody(values: PaymentFormValues, idempotencyKey: string): StartPaymentInput {
  return {
    plan: values.plan,
    phone: cameroonMobile(values.phone)?.e164 ?? values.phone.trim(),
    operator: values.operator,
    idempotencyKey,
  };
}

/** What the person pays: the plan's price less the credit the server will take (splitPrice). */
export function amountToPay(price: number, credit: number): number {
  return splitPrice(price, credit).amount;
}
