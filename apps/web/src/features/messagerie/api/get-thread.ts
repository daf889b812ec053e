import type { SupportThreadResponse } from '@app/shared/conversations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportInboxKeys } from './keys';

/** `GET /api/admin/conversations/:id`: the conversation and its 50 latest messages, or the 50 before `before`. */
function getThread(id: string, before: string | undefined, signal?: AbortSignal): Promise<SupportThreadResponse> {
  return apiRequest<SupportThreadResponse>(`/admin/conversations/${encodeURIComponent(id)}`, {
    query: before ? { before } : {},
    signal,
  });
}

/**
 * A conversation, its pages read from the latest back ('Messages précédents' reads the next one).
 * Read again (every page) when the stream says a support message arrived.
 */
export function useSupportThread(id: string) {
  return useInfiniteQuery({
    queryKey: supportInboxKeys.thread(id),
    queryFn: ({ pageParam, signal }) => getThread(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasOlder ? last.messages[0]?._id : undefined),
  });
}
