import type { UpdateAdminInput, UserResponse } from '@app/shared/admins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `PUT /api/users/{id}` with `{ permissions, isAdminValidated, role }`: approve or edit rights. */
export function updateAdmin(id: string, body: UpdateAdminInput): Promise<UserResponse> {
  return apiRequest<UserResponse>(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAdminInput }) => updateAdmin(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
