import type { EventDetail } from '@app/shared/events';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** `GET /api/events/{id}`: creator, ticket types, images and counts. */
function getEvent(id: string): Promise<EventDetail> {
  return apiRequest<EventDetail>(`/events/${encodeURIComponent(id)}`);
}

const eventQueryOptions = (id: string) => queryOptions({ queryKey: eventKeys.detail(id), queryFn: () => getEvent(id) });

export function useEvent(id: string | null) {
  return useQuery({ ...eventQueryOptions(id ?? ''), enabled: !!id });
}
