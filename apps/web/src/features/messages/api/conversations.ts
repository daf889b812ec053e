import type {
  ConversationsResponse,
  MessageImage,
  MessageImageResponse,
  SendMessageInput,
  SentMessageResponse,
  ThreadResponse,
} from '@app/shared/conversations';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { conversationKeys } from '../keys';

/** The support conversation's address in the screens: it exists before its first message. */
export const SUPPORT = 'support';

/** Where a message goes: a conversation, the team, or a new thread about an event. */
export type MessageTarget = { conversationId: string } | { support: true } | { eventId: string; participantId?: string };

export function useConversations(page: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.list(page),
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<ConversationsResponse>('/conversations', { signal, query: { page } });
      queryClient.setQueryData(conversationKeys.unread, { unread: answer.unread });
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

/** The unread messages of the bar's icon (the real-time stream refreshes it; every 2 minutes besides). */
export function useUnreadMessages() {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: ({ signal }) => apiRequest<{ unread: number }>('/conversations/unread-count', { signal }),
    refetchInterval: 120_000,
  });
}

/** A thread by pages of 50, the latest first loaded; `SUPPORT` is mine with the team (null before my first message). */
export function useThread(id: string) {
  return useInfiniteQuery({
    queryKey: conversationKeys.thread(id),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ signal, pageParam }): Promise<ThreadResponse | null> => {
      const query = { before: pageParam };
      if (id !== SUPPORT) return apiRequest<ThreadResponse>(`/conversations/${id}`, { signal, query });
      return (await apiRequest<{ thread: ThreadResponse | null }>('/conversations/support', { signal, query })).thread;
    },
    getNextPageParam: (last) => (last?.hasOlder ? last.messages[0]?._id : undefined),
  });
}

function sendPath(target: MessageTarget): string {
  if ('conversationId' in target) return `/conversations/${target.conversationId}/messages`;
  if ('support' in target) return '/conversations/support';
  return `/events/${target.eventId}/conversations`;
}

/** `POST /conversations/images`: a photo for my next message, with the upload's progress (decision 065). */
export async function uploadMessagePhoto(file: File, onProgress: (fraction: number) => void): Promise<MessageImage> {
  const form = new FormData();
  form.set('image', file, file.name);
  return (await uploadWithProgress<MessageImageResponse>('/conversations/images', form, onProgress)).image;
}

export function useSendMessage(target: MessageTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'send-message' },
    mutationFn: ({ text, imageId }: SendMessageInput) => {
      const content = imageId ? { text, imageId } : { text };
      return apiRequest<SentMessageResponse>(sendPath(target), {
        method: 'POST',
        body: 'eventId' in target && target.participantId ? { ...content, participantId: target.participantId } : content,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, upTo }: { id: string; upTo?: string }) =>
      apiRequest<{ unread: number }>(`/conversations/${id}/read`, { method: 'PUT', body: upTo ? { upTo } : {} }),
    onSuccess: (answer) => {
      queryClient.setQueryData(conversationKeys.unread, { unread: answer.unread });
      return queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
  });
}

/** Blocks (true) or unblocks (false) a person. */
export function useBlockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: string; blocked: boolean }) =>
      apiRequest<{ message: string }>(`/users/me/blocks/${userId}`, { method: blocked ? 'PUT' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
