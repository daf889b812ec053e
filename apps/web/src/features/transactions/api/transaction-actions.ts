import type { TransactionActionResponse } from '@app/shared/payments';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** The detail takes the answer at once; the list (its status and totals) reloads. */
function settle(queryClient: QueryClient) {
  return {
    onSuccess: (data: TransactionActionResponse, { id }: { id: string }) => {
      const { message: _message, ...detail } = data;
      queryClient.setQueryData(transactionKeys.detail(id), detail);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  };
}

/** `POST /api/admin/transactions/{id}/refund` with the reason. */
export function useRefundTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest<TransactionActionResponse>(`/admin/transactions/${encodeURIComponent(id)}/refund`, {
        method: 'POST',
        body: { reason },
      }),
    ...settle(queryClient),
  });
}

/** `POST /api/admin/transactions/{id}/check`: 'Vérifier le statut', the provider asked again. */
export function useCheckTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      apiRequest<TransactionActionResponse>(`/admin/transactions/${encodeURIComponent(id)}/check`, { method: 'POST' }),
    ...settle(queryClient),
  });
}
