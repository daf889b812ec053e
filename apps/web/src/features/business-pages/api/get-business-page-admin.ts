import type { BusinessPageAdminDetail } from '@app/shared/business-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { businessPageKeys } from './get-business-pages';

/** `GET /api/admin/business-event-pages/{id}` (`manage_business`): the detail panel (decision 030). */
function getBusinessPageAdmin(id: string, signal?: AbortSignal): Promise<BusinessPageAdminDetail> {
  return apiRequest<BusinessPageAdminDetail>(`/admin/business-event-pages/${encodeURIComponent(id)}`, { signal });
}

export function useBusinessPageAdmin(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...businessPageKeys.all, 'admin', id] as const,
      queryFn: ({ signal }) => getBusinessPageAdmin(id, signal),
    }),
  );
}
