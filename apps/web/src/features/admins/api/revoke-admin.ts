import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `DELETE /api/users/{id}`: deletes the administrator for good. */
function revokeAdmin(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeAdmin,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
