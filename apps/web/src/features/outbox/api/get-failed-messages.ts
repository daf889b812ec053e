import type { FailedMessagesPage, OutboxChannel } from '@app/shared/outbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { apiRequest } from '../../../lib/api-client';
import { outboxKeys } from './keys';

export interface FailedMessagesParams {
  channel: OutboxChannel | 'all';
  search: string;
  page: number;
}

/** `GET /api/admin/outbox/failed`: 10 dead letters a page, the latest failure first. */
function getFailedMessages({ channel, search, page }: FailedMessagesParams, signal?: AbortSignal) {
  const query: Record<string, string | number> = { page, limit: PAGE_SIZE };
  if (channel !== 'all') query.channel = channel;
  if (search.trim()) query.search = search.trim();
  return apiRequest<FailedMessagesPage>('/admin/outbox/failed', { query, signal });
}

export function useFailedMessages(params: FailedMessagesParams) {
  return useQuery({
    queryKey: outboxKeys.failed(params),
    queryFn: ({ signal }) => getFailedMessages(params, signal),
    placeholderData: keepPreviousData,
  });
}
