import type { PublicSettings } from '@app/shared/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/settings/public`: the support phone, shown as the WhatsApp contact of the SMS notice. */
function getPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return apiRequest<PublicSettings>('/settings/public', { signal, anonymous: true });
}

const publicSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => getPublicSettings(signal),
  staleTime: 5 * 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions);
}
