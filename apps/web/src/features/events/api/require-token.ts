import { getToken } from '../../../lib/session';

/** Spec §6 and §8: edit and delete calls need the bearer token; without it 'Token non trouvé'. */
export function requireToken(): void {
  if (!getToken()) throw new Error('Token non trouvé');
}
