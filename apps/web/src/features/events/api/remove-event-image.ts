import type { EventResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** `DELETE /api/events/{id}/images/{imageId}`. */
export function removeEventImage({ id, imageId }: { id: string; imageId: string }): Promise<EventResponse> {
  requireToken();
  return apiRequest<EventResponse>(`/events/${encodeURIComponent(id)}/images/${encodeURIComponent(imageId)}`, {
    method: 'DELETE',
  });
}

export function useRemoveEventImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEventImage,
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
