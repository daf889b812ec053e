import { NOT_A_CAMEROON_MOBILE } from '@app/shared/payments';
import { describe, expect, it } from 'vitest';
import { pollInterval } from '../../lib/payments/payment-query';
import { cameroonMobile, proposedOperator } from '../../lib/payments/mobile-number';
import { amountToPay, initialPaymentValues, paymentFormSchema, startPaymentBody } from './payment-form-values';

describe('the payment form', () => {
  it('proposes the operator of the number as it is typed, once it is whole', () => {
    expect(proposedOperator('6771')).toBeNull();
    expect(proposedOperator('677 12 34 56')).toBe('mtn');
    expect(proposedOperator('+237 6 52 12 34 56')).toBe('mtn');
    expect(proposedOperator('+237 699 12 34 56')).toBe('orange');
    expect(proposedOperator('00237 655 12 34 56')).toBe('orange');
    expect(proposedOperator('+33 6 12 34 56 78')).toBeNull();
  });

  it('refuses a number outside Cameroon’s mobiles with the French message, and a missing one', () => {
    const foreign = paymentFormSchema.safeParse({ plan: 'monthly', phone: '+33 6 12 34 56 78', operator: 'mtn' });
    expect(foreign.success).toBe(false);
    expect(foreign.error?.issues[0]?.message).toBe(NOT_A_CAMEROON_MOBILE);
    const landline = paymentFormSchema.safeParse({ plan: 'monthly', phone: '+237 222 22 22 22', operator: 'mtn' });
    expect(landline.error?.issues[0]?.message).toBe(NOT_A_CAMEROON_MOBILE);
    const empty = paymentFormSchema.safeParse({ plan: 'monthly', phone: ' ', operator: 'mtn' });
    expect(empty.error?.issues[0]?.message).toBe('Numéro de téléphone requis');
    expect(paymentFormSchema.safeParse({ plan: 'yearly', phone: '677123456', operator: 'orange' }).success).toBe(true);
  });

  it('opens with the account’s number and its operator, MTN when there is none', () => {
    expect(initialPaymentValues('monthly', '+237699001122')).toEqual({
      plan: 'monthly',
      phone: '+237 6 99 00 11 22',
      operator: 'orange',
    });
    expect(initialPaymentValues('yearly', null)).toEqual({ plan: 'yearly', phone: '', operator: 'mtn' });
  });

  it('sends the number in E.164 with the key made when the form opened', () => {
    const key = '4b8f5a8e-6a52-4c8e-9a77-0d1c0a6a3f10';
    expect(startPaymentBody({ plan: 'monthly', phone: '677 12 34 56', operator: 'mtn' }, key)).toEqual({
      plan: 'monthly',
      phone: '+237677123456',
      operator: 'mtn',
      idempotencyKey: key,
    });
    expect(cameroonMobile('677 12 34 56')).toEqual({ e164: '+237677123456', operator: 'mtn' });
  });

  it('takes the referral credit off the price, never below zero', () => {
    expect(amountToPay(2000, 0)).toBe(2000);
    expect(amountToPay(2000, 500)).toBe(1500);
    // Never below the smallest payment the server asks.
    expect(amountToPay(2000, 5000)).toBe(100);
    expect(amountToPay(2000, 1950)).toBe(100);
  });
});

describe('the payment’s polling', () => {
  it('asks every 2.5 s while the payment waits and the page is seen, never once it is final', () => {
    expect(pollInterval('pending', false)).toBe(2500);
    expect(pollInterval('unknown', false)).toBe(2500);
    expect(pollInterval('pending', true)).toBe(false);
    expect(pollInterval('successful', false)).toBe(false);
    expect(pollInterval('failed', false)).toBe(false);
    expect(pollInterval('refunded', false)).toBe(false);
    expect(pollInterval(undefined, false)).toBe(false);
  });
});
