import { hasSession } from '../../../lib/auth';

/** Edit and delete calls need the bearer token; without it 'Token non trouvé'. */
export function requireToken(): void {
  if (!hasSession()) throw new Error('Token non trouvé');
}
