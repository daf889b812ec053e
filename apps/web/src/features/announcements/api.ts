import type { AnnouncementResponse, AnnouncementsResponse, CreateAnnouncementInput } from '@app/shared/announcements';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const announcementsKeys = {
  all: ['announcements'] as const,
  list: (eventId: string, page: number) => ['announcements', eventId, page] as const,
};

const base = (eventId: string) => `/events/${encodeURIComponent(eventId)}/announcements`;

/** `GET /api/events/:id/announcements?page=`: the organiser's; 404 for anyone else. */
export function useAnnouncements(eventId: string, page: number) {
  return useQuery({
    queryKey: announcementsKeys.list(eventId, page),
    queryFn: ({ signal }) => apiRequest<AnnouncementsResponse>(base(eventId), { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/events/:id/announcements`: sent now, or scheduled with `sendAt`. */
export function useCreateAnnouncement(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAnnouncementInput) => apiRequest<AnnouncementResponse>(base(eventId), { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all }),
  });
}

/** `DELETE /api/events/:id/announcements/:announcementId`: a scheduled one is not sent. */
export function useCancelAnnouncement(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (announcementId: string) =>
      apiRequest<AnnouncementResponse>(`${base(eventId)}/${encodeURIComponent(announcementId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all }),
  });
}
