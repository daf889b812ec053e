import type { PartnerDetail } from '@app/shared/partners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `GET /api/businesses/{id}`: the partner, its authorised users, events count and recent activities. */
function getPartner(id: string, signal?: AbortSignal): Promise<PartnerDetail> {
  return apiRequest<PartnerDetail>(`/businesses/${encodeURIComponent(id)}`, { signal });
}

const partnerQueryOptions = (id: string) =>
  queryOptions({ queryKey: partnerKeys.detail(id), queryFn: ({ signal }) => getPartner(id, signal) });

export function usePartner(id: string) {
  return useQuery(partnerQueryOptions(id));
}
