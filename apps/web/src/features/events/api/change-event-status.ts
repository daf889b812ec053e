import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeEventStatus, type EventAction } from '../../../lib/event-actions';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** `PUT /api/events/{id}/{publish|cancel|reopen}` (lib/event-actions.ts); the list and the detail are refreshed after it. */
export function useChangeEventStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: EventAction }) => {
      requireToken();
      return changeEventStatus(input);
    },
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
