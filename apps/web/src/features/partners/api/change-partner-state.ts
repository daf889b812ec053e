import type { PartnerAction, PartnerResponse } from '@app/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `PUT /api/businesses/{id}/{block|unblock|verify|unverify}`. */
export function changePartnerState({ id, action }: { id: string; action: PartnerAction }): Promise<PartnerResponse> {
  return apiRequest<PartnerResponse>(`/businesses/${encodeURIComponent(id)}/${action}`, { method: 'PUT' });
}

export function useChangePartnerState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePartnerState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
