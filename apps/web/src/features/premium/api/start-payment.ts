import type { Payment, StartPaymentInput } from '@app/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from '../../../lib/payments/payment-query';

/**
 * `POST /api/payments`: 201 with the new payment, or 200 with the same one when the
 * idempotency key was already used (a double tap, a retried request).
 */
export function startPayment(input: StartPaymentInput): Promise<{ payment: Payment }> {
  return apiRequest<{ payment: Payment }>('/payments', { method: 'POST', body: input });
}

export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    // Never retried by itself: the person retries, with the same key.
    retry: false,
    onSuccess: ({ payment }) => {
      queryClient.setQueryData(paymentKeys.payment(payment._id), { payment });
    },
  });
}
