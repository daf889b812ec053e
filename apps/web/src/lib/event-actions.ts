import type { EventResponse, ShareTokenResponse } from '@app/shared/events';
import { apiRequest } from './api-client';

/*
 * The calls that run an event, shared by the back office (features/events) and the organiser's
 * hub (features/my-events): each feature wraps them in its own hook, with its own query keys.
 */

export type EventAction = 'publish' | 'cancel' | 'reopen';

/**
 * `PUT /api/events/{id}/{publish|cancel|reopen}`. Publishing with approval required submits the
 * draft (the answer's event is still a draft and its `message` says so, decision 038); a
 * cancellation may carry a short message to the participants.
 */
export function changeEventStatus({
  id,
  action,
  message,
}: {
  id: string;
  action: EventAction;
  message?: string;
}): Promise<EventResponse> {
  return apiRequest<EventResponse>(`/events/${encodeURIComponent(id)}/${action}`, {
    method: 'PUT',
    body: action === 'cancel' && message ? { message } : undefined,
  });
}

/** `POST /api/events/{id}/share-token`: a new share link; the old one no longer opens the private event. */
export function regenerateShareLink(id: string): Promise<ShareTokenResponse> {
  return apiRequest<ShareTokenResponse>(`/events/${encodeURIComponent(id)}/share-token`, { method: 'POST' });
}
