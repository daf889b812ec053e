import { hasSession } from '../../../lib/auth';

/** Spec §6 and §8: edit and delete calls need the bearer token; without it 'Token non trouvé'. */
export function requireToken(): void {
  if (!hasSession()) throw new Error('Token non trouvé');
}
