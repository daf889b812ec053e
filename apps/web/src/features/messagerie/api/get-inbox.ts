import type { SupportFilter, SupportInboxResponse } from '@app/shared/conversations';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { supportInboxKeys } from './keys';

export interface InboxParams {
  filter: SupportFilter;
  search: string;
  page: number;
}

/** `GET /api/admin/conversations`: 20 conversations a page, the latest message first. */
function getInbox({ filter, search, page }: InboxParams, signal?: AbortSignal): Promise<SupportInboxResponse> {
  const query: Record<string, string | number> = { filter, page };
  if (search.trim()) query.search = search.trim();
  return apiRequest<SupportInboxResponse>('/admin/conversations', { query, signal });
}

export function useSupportInbox(params: InboxParams) {
  return useQuery({
    queryKey: supportInboxKeys.list(params),
    queryFn: ({ signal }) => getInbox(params, signal),
    placeholderData: keepPreviousData,
  });
}
