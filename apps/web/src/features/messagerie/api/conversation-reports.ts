import type { ConversationReport, ConversationReportDetail, ConversationReportsResponse } from '@app/shared/conversation-reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportInboxKeys } from './keys';

const base = '/admin/conversation-reports';

/** `GET /api/admin/conversation-reports`: the open reports of conversations, newest first, 20 a page. */
export function useConversationReports(params: { search: string; page: number }) {
  return useQuery({
    queryKey: supportInboxKeys.reports(params),
    queryFn: ({ signal }) => {
      const query: Record<string, string | number> = { page: params.page };
      if (params.search.trim()) query.search = params.search.trim();
      return apiRequest<ConversationReportsResponse>(base, { query, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/conversation-reports/:id`: the report and the messages in question. */
export function useConversationReport(id: string) {
  return useQuery({
    queryKey: supportInboxKeys.report(id),
    queryFn: ({ signal }) => apiRequest<ConversationReportDetail>(`${base}/${encodeURIComponent(id)}`, { signal }),
  });
}

/** `PUT …/dismiss` (Classer) or `PUT …/block` (Bloquer l'utilisateur), both audited; the list and the report are read again. */
export function useModerateConversationReport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'dismiss' | 'block') =>
      apiRequest<{ message: string; report: ConversationReport }>(`${base}/${encodeURIComponent(id)}/${action}`, {
        method: 'PUT',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportInboxKeys.all }),
  });
}
