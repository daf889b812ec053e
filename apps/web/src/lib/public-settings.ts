import type { PublicSettings } from '@app/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * `GET /api/settings/public` (no session): the support phone and contact e-mail, the password
 * length, the countries SMS reach… Every screen reads it through {@link usePublicSettings}, so it
 * is fetched once and shared.
 */
function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiRequest<PublicSettings>('/settings/public', { signal, anonymous: true });
}

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => getPublicSettings(signal),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}
