import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** `POST /api/users/logout`; the token is removed whatever the answer (spec §4). */
export async function logout(): Promise<void> {
  try {
    await apiRequest('/users/logout', { method: 'POST' });
  } catch {
    // the session ends on this device in any case
  } finally {
    clearSession();
  }
}
