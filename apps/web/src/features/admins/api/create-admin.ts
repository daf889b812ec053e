import type { CreateAdminInput, UserResponse } from '@app/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `POST /api/users` with the admin-creation payload. */
export function createAdmin(body: CreateAdminInput): Promise<UserResponse> {
  return apiRequest<UserResponse>('/users', { method: 'POST', body });
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
