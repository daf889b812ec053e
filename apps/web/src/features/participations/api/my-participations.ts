import type { MyParticipationsQuery, MyParticipationsResponse, ParticipationResponse } from '@app/shared/community';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { participationKeys } from '../keys';

/** `GET /api/users/me/participations`: one page of the account's events, to come or over. */
export function useMyParticipations(query: MyParticipationsQuery) {
  return useQuery({
    queryKey: participationKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<MyParticipationsResponse>('/users/me/participations', {
        signal,
        query: { period: query.period, page: query.page },
      }),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/events/{id}/participants/me`: leaves the event; the lists are read again. */
export function useLeaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) =>
      apiRequest<ParticipationResponse>(`/events/${eventId}/participants/me`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participationKeys.all }),
  });
}
