import type { Operator } from '@app/shared/payments';
import { AppError, notFound } from '../../lib/errors';
import { CALLBACK_REJECTED_MESSAGE, PAYMENT_NOT_FOUND } from './payments.messages';
import { findPaymentByCallbackToken } from './payments.repository';
import { type PaymentDeps, reconcilePayment } from './payments.service';

/*
 * A provider's callback (decision 052) is only a hint: its address carries the payment's
 * unguessable token, its signature over the raw body bytes must hold where the provider signs,
 * and then the status is read back from the provider (`reconcilePayment`), which counts a success
 * only when the provider's amount and currency are the payment's. A replayed callback finds the
 * payment settled and changes nothing.
 */

export interface CallbackInput {
  operator: Operator;
  token: string;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export async function receiveCallback(deps: PaymentDeps, input: CallbackInput): Promise<{ received: true }> {
  const payment = await findPaymentByCallbackToken(deps.db, input.token);
  // An unknown address, or another operator's: the same 404, nothing changes.
  if (!payment || payment.operator !== input.operator) throw notFound(PAYMENT_NOT_FOUND);
  const provider = deps.providers[payment.operator];
  const log = deps.log.child({ paymentId: payment.id, operator: payment.operator });
  let verified = false;
  try {
    verified = provider.verifyCallback(input.rawBody, input.headers);
  } catch {
    verified = false;
  }
  if (!verified) {
    // Neither the body nor the headers are logged: they may carry a signature or the number.
    log.warn({ bytes: input.rawBody.length }, 'payment callback rejected: signature not valid');
    throw new AppError('CALLBACK_REJECTED', CALLBACK_REJECTED_MESSAGE);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(input.rawBody.toString('utf8'));
  } catch {
    // A form-encoded callback (no JSON): its fields.
    body = Object.fromEntries(new URLSearchParams(input.rawBody.toString('utf8')));
  }
  const reference = provider.referenceOfCallback(body);
  if (
    reference !== null &&
    payment.providerReference !== null &&
    reference !== payment.providerReference &&
    reference !== payment.id
  ) {
    log.warn('payment callback rejected: it names another request');
    throw new AppError('CALLBACK_REJECTED', CALLBACK_REJECTED_MESSAGE);
  }
  log.info('payment callback received: reading the status back from the provider');
  await reconcilePayment(deps, payment.id, { via: 'callback' });
  return { received: true };
}
