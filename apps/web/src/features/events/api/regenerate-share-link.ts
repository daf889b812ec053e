import type { EventDetail, ShareTokenResponse } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** `POST /api/events/{id}/share-token`: a new share link; the old one no longer opens the private event. */
export function regenerateShareLink(id: string): Promise<ShareTokenResponse> {
  requireToken();
  return apiRequest<ShareTokenResponse>(`/events/${encodeURIComponent(id)}/share-token`, { method: 'POST' });
}

export function useRegenerateShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateShareLink(id),
    onSuccess: (data) => {
      queryClient.setQueryData<EventDetail>(eventKeys.detail(id), (event) =>
        event ? { ...event, shareToken: data.shareToken, sharePath: data.sharePath, shareUrl: data.shareUrl } : event,
      );
    },
  });
}
