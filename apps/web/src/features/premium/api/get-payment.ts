import type { Payment, PaymentStatus } from '@app/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { premiumKeys } from './keys';

/** Every 2.5 s while the payer may still approve on the phone. */
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
    queryKey: premiumKeys.payment(id),
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
