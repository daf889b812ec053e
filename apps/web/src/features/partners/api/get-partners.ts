import type { ListPartnersResponse, PartnerStatus, PartnerType } from '@app/shared/partners';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

export interface PartnerListParams {
  q: string;
  status: 'all' | PartnerStatus;
  type: 'all' | PartnerType;
  verification: 'all' | 'verified' | 'unverified';
  page: number;
  limit: number;
}

/** `GET /api/businesses`: searched, filtered and paged by the server, newest first. */
function getPartners(params: PartnerListParams, signal?: AbortSignal): Promise<ListPartnersResponse> {
  return apiRequest<ListPartnersResponse>('/businesses', { query: { ...params }, signal });
}

const partnersQueryOptions = (params: PartnerListParams) =>
  queryOptions({
    queryKey: partnerKeys.list(params),
    queryFn: ({ signal }) => getPartners(params, signal),
    placeholderData: keepPreviousData,
  });

export function usePartners(params: PartnerListParams) {
  return useQuery(partnersQueryOptions(params));
}
