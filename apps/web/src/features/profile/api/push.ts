import type { PushPublicKey, PushSubscriptionInput } from '@app/shared/push';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** `GET /api/push/public-key`: whether the team turned push on, and the key to subscribe with (decision 062). */
export function usePushPublicKey() {
  return useQuery({
    queryKey: profileKeys.pushPublicKey(),
    queryFn: ({ signal }) => apiRequest<PushPublicKey>('/push/public-key', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** `POST /api/users/me/push-subscriptions`: this device's subscription, for the signed-in account. */
export const savePushSubscription = (subscription: PushSubscriptionInput) =>
  apiRequest<{ message: string; _id: string }>('/users/me/push-subscriptions', { method: 'POST', body: subscription });

/** `DELETE /api/users/me/push-subscriptions`: forgets this device. */
export const deletePushSubscription = (endpoint: string) =>
  apiRequest<{ message: string }>('/users/me/push-subscriptions', { method: 'DELETE', body: { endpoint } });
