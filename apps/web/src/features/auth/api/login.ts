import { LOGIN_TIMEOUT_MS, type LoginInput, type LoginResponse } from '@app/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getDeviceToken, setDeviceToken } from '../../../lib/session';

/**
 * `POST /api/users/login`, given up after 10 s ('Timeout de connexion'). Sends the
 * device token kept from an earlier sign-in and keeps the one answered (issue 24).
 */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const deviceToken = getDeviceToken();
  const result = await apiRequest<LoginResponse>('/users/login', {
    method: 'POST',
    body: deviceToken ? { ...input, deviceToken } : input,
    anonymous: true,
    timeoutMs: LOGIN_TIMEOUT_MS,
  });
  if (result?.deviceToken) setDeviceToken(result.deviceToken);
  return result;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
