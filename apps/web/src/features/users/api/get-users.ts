import type { ListUsersResponse, UserReportFilter } from '@app/shared/admins';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userKeys } from './keys';

export type UserStatusFilter = 'all' | 'active' | 'blocked' | 'pending';
export interface UserListParams {
  q: string;
  status: UserStatusFilter;
  reports: UserReportFilter;
  page: number;
}

export const USERS_PAGE_SIZE = 10;

/** `GET /api/users`: accounts with the role user only, searched, filtered and paged by the server. */
function getUsers(params: UserListParams): Promise<ListUsersResponse> {
  return apiRequest<ListUsersResponse>('/users', { query: { role: 'user', ...params, limit: USERS_PAGE_SIZE } });
}

const usersQueryOptions = (params: UserListParams) =>
  queryOptions({ queryKey: userKeys.list(params), queryFn: () => getUsers(params), placeholderData: keepPreviousData });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}
