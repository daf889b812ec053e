import type { UserResponse } from '@app/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

/** `PUT /api/users/{id}/block|unblock`: blocking ends every session of the account at once. */
function setUserBlocked({ id, blocked }: { id: string; blocked: boolean }): Promise<UserResponse> {
  return apiRequest<UserResponse>(`/users/${encodeURIComponent(id)}/${blocked ? 'block' : 'unblock'}`, { method: 'PUT' });
}

export function useSetUserBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
