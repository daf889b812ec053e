import type { PartnerResponse } from '@app/shared/partners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './keys';

/** `POST /api/businesses/{id}/logo` (multipart, field `logo`): re-encoded to WebP by the server. */
function uploadPartnerLogo({ id, file }: { id: string; file: File }): Promise<PartnerResponse> {
  const formData = new FormData();
  formData.append('logo', file);
  return apiRequest<PartnerResponse>(`/businesses/${encodeURIComponent(id)}/logo`, { method: 'POST', formData });
}

export function useUploadPartnerLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPartnerLogo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
