import type { CreateReportInput, ListCommentsResponse } from '@app/shared/community';
import type { ParticipantsPage, ReadmitResponse, RemovalsPage, RemoveParticipantResponse } from '@app/shared/participants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';

/** Comments a page on the organiser's screen (the API's limit). */
export const COMMENTS_PAGE_SIZE = 20;

export const participantsKeys = {
  all: ['participants'] as const,
  list: (id: string, q: string, page: number) => ['participants', id, q, page] as const,
  removals: (id: string, page: number) => ['participants', id, 'removals', page] as const,
  comments: (id: string, page: number) => ['event-comments', id, page] as const,
};

/** `GET /api/events/:id/participants?q=&page=`: the organiser's; 404 for anyone else. */
export function useParticipants(id: string, q: string, page: number) {
  return useQuery({
    queryKey: participantsKeys.list(id, q, page),
    queryFn: ({ signal }) =>
      apiRequest<ParticipantsPage>(`/events/${encodeURIComponent(id)}/participants`, { signal, query: { q, page } }),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/events/:id/participants/:userId`: the person is told by the API; the list is read again. */
export function useRemoveParticipant(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<RemoveParticipantResponse>(`/events/${encodeURIComponent(id)}/participants/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsKeys.all }),
  });
}

/** `GET /api/events/:id/removals?page=`: the people the organiser removed, most recent first (decision 058). */
export function useRemovals(id: string, page: number) {
  return useQuery({
    queryKey: participantsKeys.removals(id, page),
    queryFn: ({ signal }) => apiRequest<RemovalsPage>(`/events/${encodeURIComponent(id)}/removals`, { signal, query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/events/:id/removals/:userId`: a removed person may join again; the lists are read again. */
export function useReadmit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<ReadmitResponse>(`/events/${encodeURIComponent(id)}/removals/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: participantsKeys.all }),
  });
}

/**
 * `GET /api/events/:id/participants.csv`, fetched with the bearer token then saved by the browser
 * under the server's file name (the server writes the BOM Excel needs).
 */
export async function exportParticipants(id: string): Promise<void> {
  const url = new URL(`${API_BASE}/events/${encodeURIComponent(id)}/participants.csv`, window.location.origin);
  return downloadFile(url, 'participants.csv');
}

/** `GET /api/events/:id/comments`: newest first. */
export function useEventComments(id: string, page: number) {
  return useQuery({
    queryKey: participantsKeys.comments(id, page),
    queryFn: ({ signal }) =>
      apiRequest<ListCommentsResponse>(`/events/${encodeURIComponent(id)}/comments`, {
        signal,
        query: { page, limit: COMMENTS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
}

/** `DELETE /api/events/:id/comments/:commentId`: the organiser's moderation (audited by the API). */
export function useDeleteComment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      apiRequest<{ message: string }>(`/events/${encodeURIComponent(id)}/comments/${encodeURIComponent(commentId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['event-comments', id] }),
  });
}

/** `POST /api/users/:id/reports`: reports a comment's author to the moderation team. */
export function useReportUser() {
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: CreateReportInput }) =>
      apiRequest<{ message: string }>(`/users/${encodeURIComponent(userId)}/reports`, { method: 'POST', body }),
  });
}
