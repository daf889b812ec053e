import type * as Contract from '@app/shared/check-in';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkInKeys } from '../keys';

const event = (id: string) => `/events/${encodeURIComponent(id)}`;
/** `GET /api/users/me/participations/:eventId/ticket`: read from the service worker's cache when offline (decision 042). */
export function useMyTicket(eventId: string) {
  return useQuery({
    queryKey: checkInKeys.ticket(eventId),
    queryFn: ({ signal }) =>
      apiRequest<Contract.MyTicket>(`/users/me/participations/${encodeURIComponent(eventId)}/ticket`, { signal }),
  });
}

/** `GET /api/events/:id/check-in`: what the door keeps to work offline. */
export function getCheckInBundle(eventId: string, signal?: AbortSignal): Promise<Contract.CheckInBundle> {
  return apiRequest<Contract.CheckInBundle>(`${event(eventId)}/check-in`, { signal });
}

/** `POST /api/events/:id/check-in/scans`: at most 200 scans; a scanId sent again gets the same answer. */
export function sendScans(eventId: string, scans: Contract.CheckInScan[]): Promise<Contract.CheckInScansResponse> {
  return apiRequest<Contract.CheckInScansResponse>(`${event(eventId)}/check-in/scans`, {
    method: 'POST',
    body: { scans },
    timeoutMs: 30_000,
  });
}

export function useDoorHelpers(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: checkInKeys.helpers(eventId),
    queryFn: ({ signal }) => apiRequest<Contract.DoorHelpersResponse>(`${event(eventId)}/door-helpers`, { signal }),
    enabled,
  });
}

export function useAddDoorHelper(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (login: string) =>
      apiRequest<Contract.DoorHelper>(`${event(eventId)}/door-helpers`, { method: 'POST', body: { login } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInKeys.helpers(eventId) }),
  });
}

export function useRemoveDoorHelper(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<{ message: string }>(`${event(eventId)}/door-helpers/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkInKeys.helpers(eventId) }),
  });
}

/** `GET /api/users/me/door-events`: the events where the account is a door helper. */
export function useMyDoorEvents() {
  return useQuery({
    queryKey: checkInKeys.doorEvents,
    queryFn: ({ signal }) => apiRequest<Contract.MyDoorEventsResponse>('/users/me/door-events', { signal }),
  });
}
