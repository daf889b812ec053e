import type { NewPasswordInput } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/auth/new-password` `{ email or phone, otp, newPassword }`, or `{ token, newPassword }`. */
export function setNewPassword(input: NewPasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/auth/new-password', { method: 'POST', body: input, anonymous: true });
}

export function useNewPassword() {
  return useMutation({ mutationFn: setNewPassword });
}
