import type { ResendOtpInput, resendOtpResponseSchema } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ResendOtpResponse = z.infer<typeof resendOtpResponseSchema>;

/** `POST /api/users/resend-otp` with the stored contact `{ email, phone }`. */
export function resendOtp(input: ResendOtpInput): Promise<ResendOtpResponse> {
  return apiRequest<ResendOtpResponse>('/users/resend-otp', { method: 'POST', body: input, anonymous: true });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
