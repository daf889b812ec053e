import type { UserResponse } from '@app/shared/admins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/users/{id}`. */
function getAdmin(id: string): Promise<UserResponse> {
  return apiRequest<UserResponse>(`/users/${encodeURIComponent(id)}`);
}

const adminQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.detail(id), queryFn: () => getAdmin(id) });

export function useAdmin(id: string | null) {
  return useQuery({ ...adminQueryOptions(id ?? ''), enabled: !!id });
}
