import type { ListReportsResponse } from '@app/shared/community';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './keys';

/** `GET /api/reports`: the open reports this moderator handles, newest first. */
function getReports(page: number, limit = PAGE_SIZE): Promise<ListReportsResponse> {
  return apiRequest<ListReportsResponse>('/reports', { query: { page, limit } });
}

const reportsQueryOptions = (page: number) =>
  queryOptions({ queryKey: reportKeys.list(page), queryFn: () => getReports(page), placeholderData: keepPreviousData });

export function useReports(page: number) {
  return useQuery(reportsQueryOptions(page));
}

/** The open count of the sidebar entry: the total of a one-row page, refreshed every minute. */
export function useOpenReportsCount(enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.openCount(),
    queryFn: async () => (await getReports(1, 1)).total,
    enabled,
    refetchInterval: 60_000,
  });
}
