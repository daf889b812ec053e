import type { BusinessPageDetail } from '@app/shared/business-pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessPageKeys } from './get-business-pages';

/** `PUT /api/business-event-pages/{id}/{activate|deactivate}` (`manage_business`). */
export function setBusinessPageState({
  id,
  action,
}: {
  id: string;
  action: 'activate' | 'deactivate';
}): Promise<{ message?: string; page: BusinessPageDetail }> {
  return apiRequest(`/business-event-pages/${encodeURIComponent(id)}/${action}`, { method: 'PUT' });
}

export function useSetBusinessPageState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBusinessPageState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessPageKeys.all }),
  });
}
