import type { EventResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

export type EventAction = 'publish' | 'cancel' | 'reopen';

/** `PUT /api/events/{id}/{publish|cancel|reopen}`; the list and the detail are refreshed after it. */
export function changeEventStatus({ id, action }: { id: string; action: EventAction }): Promise<EventResponse> {
  requireToken();
  return apiRequest<EventResponse>(`/events/${encodeURIComponent(id)}/${action}`, { method: 'PUT' });
}

export function useChangeEventStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEventStatus,
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
