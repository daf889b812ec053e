import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-client';
import { payingPhone } from './mobile-number';
import { runningPaymentOf } from './payment-query';

describe('a payment started while another runs', () => {
  it('follows the payment a 409 PAYMENT_IN_PROGRESS names, nothing for any other refusal', () => {
    const running = { _id: 'p1', reference: 'PAY-1' };
    const inProgress = new ApiRequestError(409, 'Un paiement est déjà en cours', 'PAYMENT_IN_PROGRESS', {
      message: 'Un paiement est déjà en cours',
      code: 'PAYMENT_IN_PROGRESS',
      payment: running,
    } as never);
    expect(runningPaymentOf(inProgress)).toEqual(running);
    const other = new ApiRequestError(400, 'Données invalides', 'VALIDATION_ERROR', { message: 'x' } as never);
    expect(runningPaymentOf(other)).toBeNull();
    expect(runningPaymentOf(new Error('boom'))).toBeNull();
  });
});

describe('the paying number sent', () => {
  it('is in E.164 when it is a Cameroonian mobile, else as typed for the API to refuse', () => {
    expect(payingPhone(' 677 12 34 56 ')).toBe('+237677123456');
    expect(payingPhone(' +33 6 12 34 56 78 ')).toBe('+33 6 12 34 56 78');
  });
});
