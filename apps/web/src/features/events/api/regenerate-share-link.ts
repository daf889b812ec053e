import type { EventDetail } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { regenerateShareLink } from '../../../lib/event-actions';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** `POST /api/events/{id}/share-token` (lib/event-actions.ts): the detail shows the new link. */
export function useRegenerateShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => {
      requireToken();
      return regenerateShareLink(id);
    },
    onSuccess: (data) => {
      queryClient.setQueryData<EventDetail>(eventKeys.detail(id), (event) =>
        event ? { ...event, shareToken: data.shareToken, sharePath: data.sharePath, shareUrl: data.shareUrl } : event,
      );
    },
  });
}
