import type { AuditEntryView } from '@app/shared/admins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `GET /api/users/{id}/audit`: the latest audit entries by or about this account. */
function getAdminAudit(id: string): Promise<{ items: AuditEntryView[] }> {
  return apiRequest<{ items: AuditEntryView[] }>(`/users/${encodeURIComponent(id)}/audit`);
}

const adminAuditQueryOptions = (id: string) => queryOptions({ queryKey: adminKeys.audit(id), queryFn: () => getAdminAudit(id) });

export function useAdminAudit(id: string) {
  return useQuery(adminAuditQueryOptions(id));
}
