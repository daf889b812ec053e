import type { EventResponse, UpdateEventInput } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** `PUT /api/events/{id}`: the edited fields as JSON, bearer token required. */
export function updateEvent({ id, changes }: { id: string; changes: UpdateEventInput }): Promise<EventResponse> {
  requireToken();
  return apiRequest<EventResponse>(`/events/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEvent,
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
