import type { TransactionDetail } from '@app/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { transactionKeys } from './keys';

type ActionResponse = TransactionDetail & { message: string };

/** `POST /api/admin/transactions/{id}/refund` with the reason. */
function refundTransaction({ id, reason }: { id: string; reason: string }): Promise<ActionResponse> {
  return apiRequest<ActionResponse>(`/admin/transactions/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
    body: { reason },
  });
}

/** The detail takes the answer at once; the list (its status and totals) reloads. */
export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundTransaction,
    onSuccess: (data, { id }) => {
      const { message: _message, ...detail } = data;
      queryClient.setQueryData(transactionKeys.detail(id), detail);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
