import type { meResponseSchema } from '@app/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type MeResponse = z.infer<typeof meResponseSchema>;

/** The session check of the back office (`GET /api/users/me`): the user with effective permissions. */
export function getMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiRequest<MeResponse>('/users/me', { signal });
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
