import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/users/send-confirmation` `{ email }`, once the code is verified. */
export function sendConfirmation(email: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/users/send-confirmation', { method: 'POST', body: { email }, anonymous: true });
}

export function useSendConfirmation() {
  return useMutation({ mutationFn: sendConfirmation });
}
