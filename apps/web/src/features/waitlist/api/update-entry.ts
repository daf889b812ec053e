import type { WaitlistEntry } from '@app/shared/waitlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { waitlistKeys } from './keys';

export type WaitlistAction = 'approve' | 'reject' | 'delete';

/**
 * `POST /api/admin/waitlist/{id}/approve`, `/reject` (only pending entries) and
 * `DELETE /api/waitlist/{id}` (any entry).
 */
function runWaitlistAction(id: string, action: WaitlistAction): Promise<WaitlistEntry | { message: string }> {
  if (action === 'delete') return apiRequest(`/waitlist/${id}`, { method: 'DELETE' });
  return apiRequest(`/admin/waitlist/${id}/${action}`, { method: 'POST' });
}

/** The list (and the dashboard figures) reload after each action. */
export function useWaitlistAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: WaitlistAction }) => runWaitlistAction(id, action),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
        // The dashboard's and the statistics' figures (their keys start with 'stats').
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
      ]);
    },
  });
}
