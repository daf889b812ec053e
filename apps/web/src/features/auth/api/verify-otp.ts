import type { VerifyOtpInput } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface VerifyOtpResponse {
  message: string;
  email: string | null;
}

/** `POST /api/users/verify-otp` with `{ email | phone | identifier, otp }`. */
export function verifyOtp(input: VerifyOtpInput): Promise<VerifyOtpResponse> {
  return apiRequest<VerifyOtpResponse>('/users/verify-otp', { method: 'POST', body: input, anonymous: true });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
