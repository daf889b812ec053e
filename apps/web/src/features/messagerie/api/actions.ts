import type {
  ConversationMessage,
  MessageImage,
  MessageImageResponse,
  SendMessageInput,
  SupportConversation,
} from '@app/shared/conversations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { uploadWithProgress } from '../../../lib/upload-with-progress';
import { supportInboxKeys } from './keys';

interface ActionAnswer {
  message: string;
  conversation: SupportConversation;
}

const path = (id: string, action: string) => `/admin/conversations/${encodeURIComponent(id)}/${action}`;

/** Every action changes the list (waiting, assignee, status, unread) and the thread: both are read again. */
function useInboxMutation<TInput, TAnswer>(mutationFn: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportInboxKeys.all }),
  });
}

/** `POST /conversations/images`: a photo for the team's next answer, uploaded by whoever answers (decision 065). */
export async function uploadReplyPhoto(file: File, onProgress: (fraction: number) => void): Promise<MessageImage> {
  const form = new FormData();
  form.set('image', file, file.name);
  return (await uploadWithProgress<MessageImageResponse>('/conversations/images', form, onProgress)).image;
}

/** `POST …/messages`: the team answers ('L’équipe'), text and/or a photo; the person is notified; unread goes back to 0. */
export function useReplyToSupport(id: string) {
  return useInboxMutation(({ text, imageId }: SendMessageInput) =>
    apiRequest<ActionAnswer & { sent: ConversationMessage }>(path(id, 'messages'), {
      method: 'POST',
      body: imageId ? { text, imageId } : { text },
    }),
  );
}

/** `PUT …/assign`: the conversation is mine (audited). */
export function useAssignToMe(id: string) {
  return useInboxMutation(() => apiRequest<ActionAnswer>(path(id, 'assign'), { method: 'PUT' }));
}

/** `PUT …/status`: closes or opens again (audited). */
export function useSetSupportStatus(id: string) {
  return useInboxMutation((status: 'open' | 'closed') =>
    apiRequest<ActionAnswer>(path(id, 'status'), { method: 'PUT', body: { status } }),
  );
}
