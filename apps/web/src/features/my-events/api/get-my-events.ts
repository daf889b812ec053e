import type { MyEventsResponse, MyEventTab } from '@app/shared/my-events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myEventKeys } from './keys';

export interface MyEventsParams {
  tab: MyEventTab;
  page: number;
  limit: number;
}

/** `GET /api/events/mine`: one tab's page and the count of every tab. */
export function useMyEvents(params: MyEventsParams) {
  return useQuery({
    queryKey: myEventKeys.list(params),
    queryFn: () => apiRequest<MyEventsResponse>('/events/mine', { query: { ...params } }),
    placeholderData: keepPreviousData,
  });
}
