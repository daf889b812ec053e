import { ADMIN_STATUSES } from '@app/shared/admin-lists';
import type { ListUsersResponse } from '@app/shared/admins';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const ADMIN_FILTERS = ['all', ...ADMIN_STATUSES] as const;
export type AdminFilter = (typeof ADMIN_FILTERS)[number];
export interface AdminListParams {
  q: string;
  status: AdminFilter;
  page: number;
  limit: number;
}

/** `GET /api/users?role=admin`: admin and superadmin accounts, searched and filtered by the server. */
function getAdmins(params: AdminListParams): Promise<ListUsersResponse> {
  return apiRequest<ListUsersResponse>('/users', { query: { role: 'admin', ...params } });
}

const adminsQueryOptions = (params: AdminListParams) =>
  queryOptions({ queryKey: adminKeys.list(params), queryFn: () => getAdmins(params), placeholderData: keepPreviousData });

export function useAdmins(params: AdminListParams) {
  return useQuery(adminsQueryOptions(params));
}
