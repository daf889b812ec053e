import type { EventResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** `POST /api/events/{id}/images`, multipart: the files under `images`. */
export function addEventImages({ id, images }: { id: string; images: File[] }): Promise<EventResponse> {
  requireToken();
  const form = new FormData();
  for (const image of images) form.append('images', image, image.name);
  return apiRequest<EventResponse>(`/events/${encodeURIComponent(id)}/images`, {
    method: 'POST',
    formData: form,
    timeoutMs: 120_000,
  });
}

export function useAddEventImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEventImages,
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
