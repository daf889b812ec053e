import type {
  NotificationPreference,
  NotificationPreferencesResponse,
  UpdateNotificationPreferences,
} from '@app/shared/user-notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './keys';

const PATH = '/users/me/notification-preferences';

/** `GET /api/users/me/notification-preferences`: every offered channel per kind, on or off (decision 061). */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: profileKeys.notificationPreferences(),
    queryFn: ({ signal }) => apiRequest<NotificationPreferencesResponse>(PATH, { signal }),
  });
}

/** Turns one channel of one kind on or off; the answer (the new list) replaces the cached one. */
export function useSaveNotificationPreference() {
  const queryClient = useQueryClient();
  const key = profileKeys.notificationPreferences();
  return useMutation({
    // One at a time, in the order ticked: the last answer is the last choice.
    scope: { id: 'notification-preferences' },
    mutationFn: (preference: NotificationPreference) =>
      apiRequest<NotificationPreferencesResponse & { message: string }>(PATH, {
        method: 'PUT',
        body: { preferences: [preference] } satisfies UpdateNotificationPreferences,
      }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
