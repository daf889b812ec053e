import type { CreateEventBody, EventResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

export interface CreateEventVariables {
  event: CreateEventBody;
  images: File[];
}

/** `POST /api/events`, multipart: the files under `images`, the event JSON in the field `data`. */
export function createEvent({ event, images }: CreateEventVariables): Promise<EventResponse> {
  requireToken();
  const form = new FormData();
  form.append('data', JSON.stringify(event));
  for (const image of images) form.append('images', image, image.name);
  // Large images take longer than the default 15 s on a slow connection.
  return apiRequest<EventResponse>('/events', { method: 'POST', formData: form, timeoutMs: 120_000 });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
