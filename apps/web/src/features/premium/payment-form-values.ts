import { operatorSchema, type PlanId, planIdSchema, type StartPaymentInput, splitPrice } from '@app/shared/payments';
import { formatPhone } from '@app/shared/phone-display';
import { z } from 'zod';
import { payingPhone, payingPhoneSchema, proposedOperator } from '../../lib/payments/mobile-number';

/** The payment form: a number outside Cameroon's mobiles is refused under the field, in French. */
export const paymentFormSchema = z.object({
  plan: planIdSchema,
  phone: payingPhoneSchema,
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
    phone: payingPhone(values.phone),
    operator: values.operator,
    idempotencyKey,
  };
}

/** What the person pays: the plan's price less the credit the server will take (splitPrice). */
export function amountToPay(price: number, credit: number): number {
  return splitPrice(price, credit).amount;
}
