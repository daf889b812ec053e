import type { EventCategory, EventDateFilter, EventStatus, ListEventsResponse } from '@app/shared/events';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';

export interface EventListParams {
  q: string;
  status: EventStatus | 'all';
  category: EventCategory | 'all';
  date: EventDateFilter;
  /** The 'À approuver' queue (manage_events). */
  approval?: 'pending';
  page: number;
  limit: number;
}

/** `GET /api/events`: searched, filtered and paged by the server (all statuses with manage_events). */
function getEvents(params: EventListParams): Promise<ListEventsResponse> {
  return apiRequest<ListEventsResponse>('/events', { query: { ...params } });
}

const eventsQueryOptions = (params: EventListParams) =>
  queryOptions({ queryKey: eventKeys.list(params), queryFn: () => getEvents(params), placeholderData: keepPreviousData });

export function useEvents(params: EventListParams) {
  return useQuery(eventsQueryOptions(params));
}
