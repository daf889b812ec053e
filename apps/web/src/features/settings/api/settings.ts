import type { Settings, SettingsInput } from '@app/shared/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { settingsKeys } from './keys';

const settingsQueryOptions = queryOptions({
  queryKey: settingsKeys.all,
  queryFn: ({ signal }) => apiRequest<Settings>('/admin/settings', { signal }),
  staleTime: 0,
});

/** `GET /api/admin/settings` (superadmin or manage_admins). */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}

/** `PUT /api/admin/settings` with the whole object. */
function saveSettings(settings: SettingsInput): Promise<Settings> {
  return apiRequest<Settings>('/admin/settings', { method: 'PUT', body: settings });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryOptions.queryKey, saved),
  });
}
