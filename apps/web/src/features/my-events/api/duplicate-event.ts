import type { EventResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myEventKeys } from './keys';

/** `POST /api/events/{id}/duplicate`: a new draft, whole weeks later (decision 037). */
export function useDuplicateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<EventResponse>(`/events/${id}/duplicate`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myEventKeys.all }),
  });
}
