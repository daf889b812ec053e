import type { OutboxSummary } from '@app/shared/outbox';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { outboxKeys } from './keys';

/** `GET /api/admin/outbox/summary`: pending (of which retrying) and failed messages. */
function getOutboxSummary(signal?: AbortSignal): Promise<OutboxSummary> {
  return apiRequest<OutboxSummary>('/admin/outbox/summary', { signal });
}

/**
 * The outbox at a glance, read again every minute while shown: the screen's summary, the count
 * on its tab and the badge of 'Messagerie' in the sidebar (only for `manage_chats`: `enabled`).
 */
export function useOutboxSummary(enabled = true) {
  return useQuery({
    queryKey: outboxKeys.summary(),
    queryFn: ({ signal }) => getOutboxSummary(signal),
    enabled,
    refetchInterval: 60_000,
  });
}
