import type { PartnerResponse } from '@app/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `DELETE /api/partners/{partnerId}/users/{userId}`; the list reloads. */
function removePartnerUser({ partnerId, userId }: { partnerId: string; userId: string }): Promise<PartnerResponse> {
  return apiRequest<PartnerResponse>(`/partners/${encodeURIComponent(partnerId)}/users/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
  });
}

export function useRemovePartnerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePartnerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
