import type { SubmittedReport } from '@app/shared/community';
import type { ReportConversationInput } from '@app/shared/conversation-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { conversationKeys } from '../keys';

/**
 * `POST /api/conversations/:id/reports` (decision 064): the reason, its details, and `block` to
 * block the person too; the thread is read again (it may now say that nobody writes there).
 */
export function useReportConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportConversationInput) =>
      apiRequest<{ message: string; report: SubmittedReport }>(`/conversations/${encodeURIComponent(conversationId)}/reports`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}
