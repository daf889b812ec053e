import type { PublicUser } from '@app/shared/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The signed-in account: its id and effective permissions decide which actions are offered. */
export function getMe(): Promise<{ user: PublicUser }> {
  return apiRequest<{ user: PublicUser }>('/users/me');
}

export const meQueryOptions = () => queryOptions({ queryKey: adminKeys.me(), queryFn: getMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}
