import type { EventDetail } from '@app/shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeEventStatus, regenerateShareLink } from '../../../lib/event-actions';
import { myEventKeys } from './keys';

/**
 * Publish (or, with approval required, submit: the answer's event is still a draft and its
 * `message` says so, decision 038) and cancel with an optional message to the participants
 * (lib/event-actions.ts). The answer's event replaces the hub's; the lists read again.
 */
export function useRunEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, message }: { action: 'publish' | 'cancel'; message?: string }) =>
      changeEventStatus({ id, action, message }),
    onSuccess: (answer) => {
      queryClient.setQueryData(myEventKeys.detail(id), answer.event);
      void queryClient.invalidateQueries({ queryKey: myEventKeys.all });
    },
  });
}

/** A new private share link (lib/event-actions.ts); the old one stops opening the page. */
export function useRenewShareLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateShareLink(id),
    onSuccess: ({ shareToken, sharePath, shareUrl }) =>
      queryClient.setQueryData<EventDetail>(myEventKeys.detail(id), (event) =>
        event ? { ...event, shareToken, sharePath, shareUrl } : event,
      ),
  });
}
