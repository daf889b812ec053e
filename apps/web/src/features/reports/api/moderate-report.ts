import type { Report } from '@app/shared/community';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

export type ReportAction = 'dismiss' | 'block' | 'remove-comment';

/**
 * `PUT /api/reports/{id}/dismiss|block|remove-comment`: Classer, Bloquer l'utilisateur, or Supprimer le
 * commentaire (a report on a comment); the report leaves the queue.
 */
function moderateReport({ id, action }: { id: string; action: ReportAction }) {
  return apiRequest<{ message: string; report: Report }>(`/reports/${encodeURIComponent(id)}/${action}`, { method: 'PUT' });
}

export function useModerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReport,
    onSuccess: async () => {
      // The users screen shows report counts and statuses: refresh it too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.all }),
        // The users screen's lists and counts (the users feature's keys start with 'users').
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
}
