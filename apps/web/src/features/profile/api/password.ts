import type { ChangePasswordInput } from '@app/shared/account';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/users/me/password`: the other devices are signed out, this one stays (decision 039). */
export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/users/me/password', { method: 'POST', body: input });
}
