import type { CreateEventBody, EventDetail, EventResponse, UpdateEventBody } from '@app/shared/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { myEventKeys } from './keys';

/** `GET /api/events/{id}`: the event to edit (the organiser's own; 404 otherwise). */
export function useMyEvent(id: string | undefined) {
  return useQuery({
    queryKey: myEventKeys.detail(id),
    queryFn: () => apiRequest<EventDetail>(`/events/${id}`),
    enabled: Boolean(id),
  });
}

export function createDraft(event: CreateEventBody): Promise<EventResponse> {
  return apiRequest<EventResponse>('/events', { method: 'POST', body: event });
}

export function updateDraft(id: string, event: UpdateEventBody): Promise<EventResponse> {
  return apiRequest<EventResponse>(`/events/${id}`, { method: 'PUT', body: event });
}

/** `POST /api/events/{id}/images` with the upload's progress (0 to 1). */
export function uploadImages(id: string, files: File[], onProgress: (fraction: number) => void): Promise<EventResponse> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  return uploadWithProgress<EventResponse>(`/events/${id}/images`, form, onProgress);
}

export function removeImage(id: string, imageId: string): Promise<EventResponse> {
  return apiRequest<EventResponse>(`/events/${id}/images/${imageId}`, { method: 'DELETE' });
}

/** After any write: the lists and the detail read again. */
export function useRefreshMyEvents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: myEventKeys.all });
}
