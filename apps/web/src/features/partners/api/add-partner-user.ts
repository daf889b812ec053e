import type { PartnerResponse } from '@app/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `POST /api/partners/{partnerId}/users`: an existing account by e-mail, phone or username. */
function addPartnerUser({ partnerId, identifier }: { partnerId: string; identifier: string }): Promise<PartnerResponse> {
  return apiRequest<PartnerResponse>(`/partners/${encodeURIComponent(partnerId)}/users`, {
    method: 'POST',
    body: { identifier },
  });
}

export function useAddPartnerUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPartnerUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
