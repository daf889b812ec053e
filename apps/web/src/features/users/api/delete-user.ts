import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

/** `DELETE /api/users/{id}`: the account and its sessions go; its events stay, shown as 'Anonyme'. */
function deleteUser(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
