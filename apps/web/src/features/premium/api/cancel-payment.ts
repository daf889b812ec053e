import type { Payment } from '@app/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** `POST /api/payments/:id/cancel`: the payer gives up a payment still waiting; answers it as it now is. */
export function cancelPayment(id: string): Promise<{ payment: Payment }> {
  return apiRequest<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelPayment(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(premiumKeys.payment(id), answer);
    },
  });
}
