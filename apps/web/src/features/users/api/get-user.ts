import type { UserDetailResponse } from '@app/shared/admins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

/** `GET /api/users/{id}`: profile, counts, recent activities and reports. */
function getUser(id: string): Promise<UserDetailResponse> {
  return apiRequest<UserDetailResponse>(`/users/${encodeURIComponent(id)}`);
}

const userQueryOptions = (id: string) => queryOptions({ queryKey: userKeys.detail(id), queryFn: () => getUser(id) });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
