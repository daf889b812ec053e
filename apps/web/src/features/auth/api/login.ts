import { LOGIN_TIMEOUT_MS, type LoginInput, type LoginResponse } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/users/login`, given up after 10 s ('Timeout de connexion', spec §9). */
export function login(input: LoginInput): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/users/login', {
    method: 'POST',
    body: input,
    anonymous: true,
    timeoutMs: LOGIN_TIMEOUT_MS,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
