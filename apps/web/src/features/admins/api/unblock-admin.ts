import type { UserResponse } from '@app/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `PATCH /api/users/{id}/unblock` (admin unblock). */
function unblockAdmin(id: string): Promise<UserResponse> {
  return apiRequest<UserResponse>(`/users/${encodeURIComponent(id)}/unblock`, { method: 'PATCH' });
}

export function useUnblockAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
