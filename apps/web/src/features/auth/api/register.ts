import type { RegisterInput, RegisterResponse } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/users/register`: answers the channel the code went by. */
export function register(input: RegisterInput): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/users/register', { method: 'POST', body: input, anonymous: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
