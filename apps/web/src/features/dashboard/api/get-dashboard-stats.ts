import type { DashboardStats } from '@app/shared/stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** `GET /api/stats/dashboard` (manage_users). */
function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiRequest<DashboardStats>('/stats/dashboard', { signal });
}

const dashboardStatsQueryOptions = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: ({ signal }) => getDashboardStats(signal),
});

/** Loaded only with manage_users. */
export function useDashboardStats(enabled: boolean) {
  return useQuery({ ...dashboardStatsQueryOptions, enabled });
}
