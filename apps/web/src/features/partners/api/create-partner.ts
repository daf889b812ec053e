import type { CreatePartnerBody, PartnerResponse } from '@app/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `POST /api/businesses`: name, type, email, phone, website, description, address. */
export function createPartner(body: CreatePartnerBody): Promise<PartnerResponse> {
  return apiRequest<PartnerResponse>('/businesses', { method: 'POST', body });
}

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
