import type { OutboxActionResponse, OutboxChannel } from '@app/shared/outbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { outboxKeys } from './keys';

export type OutboxAction =
  | { kind: 'retry'; id: string }
  | { kind: 'delete'; id: string }
  | { kind: 'retry-all'; channel?: OutboxChannel };

/**
 * `POST /api/admin/outbox/{id}/retry` ('Renvoyer'), `DELETE /api/admin/outbox/{id}` ('Supprimer')
 * and `POST /api/admin/outbox/failed/retry` ('Tout renvoyer'), each audited by the server.
 */
function runOutboxAction(action: OutboxAction): Promise<OutboxActionResponse> {
  if (action.kind === 'retry-all') {
    return apiRequest('/admin/outbox/failed/retry', { method: 'POST', body: action.channel ? { channel: action.channel } : {} });
  }
  const path = `/admin/outbox/${encodeURIComponent(action.id)}`;
  return action.kind === 'retry' ? apiRequest(`${path}/retry`, { method: 'POST' }) : apiRequest(path, { method: 'DELETE' });
}

/** The list, the summary and the sidebar's badge are read again after each action, done or refused. */
export function useOutboxAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runOutboxAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
