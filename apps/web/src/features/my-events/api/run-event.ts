import type { EventDetail, EventResponse, ShareTokenResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myEventKeys } from './keys';

/**
 * `PUT /api/events/{id}/publish|cancel`: publish (or, with approval required, submit: the answer's
 * event is still a draft and its `message` says so, decision 038) and cancel with an optional
 * message to the participants. The answer's event replaces the hub's; the lists read again.
 */
export function useRunEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, message }: { action: 'publish' | 'cancel'; message?: string }) =>
      apiRequest<EventResponse>(`/events/${id}/${action}`, {
        method: 'PUT',
        body: action === 'cancel' && message ? { message } : undefined,
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(myEventKeys.detail(id), answer.event);
      void queryClient.invalidateQueries({ queryKey: myEventKeys.all });
    },
  });
}

/** `POST /api/events/{id}/share-token`: a new private share link; the old one stops opening the page. */
export function useRenewShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ShareTokenResponse>(`/events/${id}/share-token`, { method: 'POST' }),
    onSuccess: ({ shareToken, sharePath, shareUrl }) =>
      queryClient.setQueryData<EventDetail>(myEventKeys.detail(id), (event) =>
        event ? { ...event, shareToken, sharePath, shareUrl } : event,
      ),
  });
}
