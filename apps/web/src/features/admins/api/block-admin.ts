import type { UserResponse } from '@app/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `PUT /api/users/{id}/block`: the account's sessions end at once. */
function blockAdmin(id: string): Promise<UserResponse> {
  return apiRequest<UserResponse>(`/users/${encodeURIComponent(id)}/block`, { method: 'PUT' });
}

export function useBlockAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
