import type { ListUsersResponse, UserReportFilter } from '@app/shared/admins';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

export const USER_STATUS_FILTERS = ['all', 'active', 'blocked', 'pending'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export interface UserListParams {
  q: string;
  status: UserStatusFilter;
  reports: UserReportFilter;
  page: number;
}

/** `GET /api/users`: accounts with the role user only, searched, filtered and paged by the server. */
function getUsers(params: UserListParams): Promise<ListUsersResponse> {
  return apiRequest<ListUsersResponse>('/users', { query: { role: 'user', ...params, limit: PAGE_SIZE } });
}

const usersQueryOptions = (params: UserListParams) =>
  queryOptions({ queryKey: userKeys.list(params), queryFn: () => getUsers(params), placeholderData: keepPreviousData });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
