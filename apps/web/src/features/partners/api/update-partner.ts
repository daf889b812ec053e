import type { PartnerResponse, UpdatePartnerBody } from '@app/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `PUT /api/businesses/{id}`: every field of creation ('' clears an optional one); audited by the server. */
export function updatePartner(id: string, body: UpdatePartnerBody): Promise<PartnerResponse> {
  return apiRequest<PartnerResponse>(`/businesses/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdatePartner(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePartnerBody) => updatePartner(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
