import type { PublicSettings } from '@app/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The length new passwords need now (`GET /api/settings/public`), for the add-admin strength meter. */
const passwordRulesQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => apiRequest<PublicSettings>('/settings/public', { signal, anonymous: true }),
  staleTime: 5 * 60_000,
});

export function usePasswordMinLength(): number | undefined {
  return useQuery(passwordRulesQueryOptions).data?.passwordMinLength;
}
