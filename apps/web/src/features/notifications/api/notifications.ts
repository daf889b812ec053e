import type { UnreadCountResponse, UserNotificationsResponse } from '@app/shared/user-notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from '../keys';

/** How often the bell asks for the unread count while the page is shown (TanStack Query pauses it in the background). */
const UNREAD_EVERY_MS = 60_000;

/** `GET /api/users/me/notifications`: one page, newest first, with the unread count. */
export function useNotifications(page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<UserNotificationsResponse>('/users/me/notifications', { signal, query: { page } });
      // The bell shows the count the list came with.
      queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unread, { unread: answer.unread });
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

/** The bell's count: `GET /api/users/me/notifications/unread-count`, asked again every minute. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => apiRequest<UnreadCountResponse>('/users/me/notifications/unread-count', { signal }),
    refetchInterval: UNREAD_EVERY_MS,
  });
}

/** Marks one read (`PUT …/:id/read`) or all (`PUT …/read-all`); the pages and the bell are read again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | 'all') =>
      apiRequest<{ message: string; unread: number }>(
        id === 'all' ? '/users/me/notifications/read-all' : `/users/me/notifications/${id}/read`,
        { method: 'PUT' },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData<UnreadCountResponse>(notificationKeys.unread, { unread: answer.unread });
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
