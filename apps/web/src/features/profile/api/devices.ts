import type { AccountSession } from '@app/shared/account';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** `GET /api/users/me/sessions`: the account's live sessions, this one marked `current` (decision 039). */
export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: ({ signal }) =>
      apiRequest<{ sessions: AccountSession[] }>('/users/me/sessions', { signal }).then((answer) => answer.sessions),
  });
}

export function revokeSession(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/users/me/sessions/${id}`, { method: 'DELETE' });
}

/** 'Se déconnecter partout': every session, this one too. */
export function revokeAllSessions(): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/users/me/sessions/revoke-all', { method: 'POST' });
}
