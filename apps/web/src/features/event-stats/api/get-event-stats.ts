import type { EventStats } from '@app/shared/event-stats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { eventStatsKeys } from './keys';

/** `GET /api/events/:id/stats`: the organiser's (or manage_events'); 404 for anyone else. */
function getEventStats(id: string, signal?: AbortSignal): Promise<EventStats> {
  return apiRequest<EventStats>(`/events/${encodeURIComponent(id)}/stats`, { signal });
}

export function useEventStats(id: string) {
  return useQuery(
    queryOptions({
      queryKey: eventStatsKeys.event(id),
      queryFn: ({ signal }) => getEventStats(id, signal),
      // A missing event stays missing: no retry of a 404.
      retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
    }),
  );
}
