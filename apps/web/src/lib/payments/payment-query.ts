import type { Payment, PaymentStatus } from '@app/shared/payments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Query keys of one Mobile Money payment, whatever it pays (premium, a campaign). */
export const paymentKeys = {
  all: ['payments'] as const,
  payment: (id: string) => ['payments', id] as const,
};

/** Every 2.5 s while the payer may still approve on the phone (decision 053). */
export const PAYMENT_POLL_MS = 2_500;

/** A payment whose status can still change by itself (the payer, the operator, the job). */
export function isWaiting(status: PaymentStatus): boolean {
  return status === 'pending' || status === 'unknown';
}

/**
 * How often the payment is read again: while it waits, and only while the page is seen (a hidden
 * tab asks nothing; the query reads it again when the page is shown); never once it is final.
 */
export function pollInterval(status: PaymentStatus | undefined, hidden: boolean): number | false {
  if (!status || !isWaiting(status) || hidden) return false;
  return PAYMENT_POLL_MS;
}

/** `GET /api/payments/:id`: one of the account's payments (404 for any other). */
export function getPayment(id: string, signal?: AbortSignal): Promise<{ payment: Payment }> {
  return apiRequest<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}`, { signal });
}

export function paymentQueryOptions(id: string) {
  return queryOptions({
    queryKey: paymentKeys.payment(id),
    queryFn: ({ signal }) => getPayment(id, signal),
    refetchInterval: (query) =>
      pollInterval(query.state.data?.payment.status, typeof document !== 'undefined' && document.hidden),
    // Shown again: read at once (a person back from the operator's prompt or the emulator's tab).
    refetchOnWindowFocus: 'always',
  });
}

export function usePayment(id: string) {
  return useQuery(paymentQueryOptions(id));
}

/** `POST /api/payments/:id/cancel`: the payer gives up a payment still waiting; answers it as it now is. */
export function cancelPayment(id: string): Promise<{ payment: Payment }> {
  return apiRequest<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelPayment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelPayment(id),
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKeys.payment(id), answer);
    },
  });
}

/** The payment a 409 PAYMENT_IN_PROGRESS names (one running payment per account), to follow it instead. */
export function runningPaymentOf(error: unknown): Payment | null {
  if (!error || typeof error !== 'object' || !('code' in error) || error.code !== 'PAYMENT_IN_PROGRESS') return null;
  const body = 'body' in error ? (error.body as Record<string, unknown> | null) : null;
  const running = body?.payment;
  return running && typeof running === 'object' && '_id' in running ? (running as Payment) : null;
}
