import type { StatsCharts } from '@app/shared/stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { statsKeys } from './keys';

/** `GET /api/admin/stats/charts?days=30|90` (manage_users). */
function getStatsCharts(days: number, signal?: AbortSignal): Promise<StatsCharts> {
  return apiRequest<StatsCharts>('/admin/stats/charts', { query: { days }, signal });
}

function statsChartsQueryOptions(days: number) {
  return queryOptions({
    queryKey: statsKeys.charts(days),
    queryFn: ({ signal }) => getStatsCharts(days, signal),
    placeholderData: keepPreviousData,
  });
}

export function useStatsCharts(days: number) {
  return useQuery(statsChartsQueryOptions(days));
}
