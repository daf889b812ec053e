import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';

/** The account space's 'Profil' screen (issue 27 item 8, decision 039). */

export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Mot de passe modifié. Vos autres appareils ont été déconnectés.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  samePassword: 'Le nouveau mot de passe doit être différent de l’actuel',
  sessionRevoked: 'Appareil déconnecté',
  allSessionsRevoked: 'Vous avez été déconnecté partout',
  sessionNotFound: 'Session introuvable',
} as const;

/** One signed-in device of the account. */
export const accountSessionSchema = z.object({
  id: z.string().uuid(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const sessionIdParamsSchema = z.object({ id: z.string().uuid() });

/** Change of password from the profile: the current one is required. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().min(1, 'Saisissez votre mot de passe actuel').max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1, 'Saisissez un nouveau mot de passe').max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
