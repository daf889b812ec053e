import type { EventResponse, PendingApprovalCount, RefuseEventInput } from '@app/shared/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';
import { requireToken } from './require-token';

/** The count beside 'Évènements' in the sidebar: events waiting in 'À approuver', refreshed every minute. */
export function usePendingApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: eventKeys.pendingApprovalCount(),
    queryFn: async () => (await apiRequest<PendingApprovalCount>('/events/pending-approval/count')).count,
    enabled,
    refetchInterval: 60_000,
  });
}

export type ApprovalDecision = { id: string; decision: 'approve' } | { id: string; decision: 'refuse'; body: RefuseEventInput };

/** `PUT /api/events/{id}/approve` (published) or `/refuse` with a reason; the organiser is told by the server. */
function decide(input: ApprovalDecision): Promise<EventResponse> {
  requireToken();
  return apiRequest<EventResponse>(`/events/${encodeURIComponent(input.id)}/${input.decision}`, {
    method: 'PUT',
    ...(input.decision === 'refuse' ? { body: input.body } : {}),
  });
}

export function useApprovalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decide,
    onSuccess: (data) => {
      queryClient.setQueryData(eventKeys.detail(data.event._id), data.event);
      return queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}
