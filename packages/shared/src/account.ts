import { z } from 'zod';
import { otpSchema, PASSWORD_MAX_LENGTH } from './auth';
import { emailSchema } from './common';
import { asE164, PHONE_INVALID } from './phone';
import { publicUserSchema } from './users';

/** The account space's 'Profil' screen (issue 27 item 8, decision 039). */

export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Mot de passe modifié. Vos autres appareils ont été déconnectés.',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  samePassword: 'Le nouveau mot de passe doit être différent de l’actuel',
  sessionRevoked: 'Appareil déconnecté',
  allSessionsRevoked: 'Vous avez été déconnecté partout',
  sessionNotFound: 'Session introuvable',
} as const;

/** Change of e-mail or phone, data export and deletion (issue 27 item 8, decision 048). */
export const ACCOUNT_RIGHTS_MESSAGES = {
  contactRequired: 'Indiquez la nouvelle adresse e-mail ou le nouveau numéro',
  contactOnlyOne: 'Changez l’adresse e-mail ou le numéro, pas les deux à la fois',
  sameEmail: 'C’est déjà votre adresse e-mail',
  samePhone: 'C’est déjà votre numéro de téléphone',
  codeSentEmail: 'Un code de confirmation a été envoyé à la nouvelle adresse e-mail.',
  codeSentSms: 'Un code de confirmation a été envoyé par SMS au nouveau numéro.',
  emailChanged: 'Adresse e-mail modifiée',
  phoneChanged: 'Numéro de téléphone modifié',
  contactTakenMeanwhile: 'Ce contact vient d’être pris par un autre compte. Choisissez-en un autre.',
  exportLimit: 'Vous avez déjà téléchargé vos données plusieurs fois récemment. Réessayez dans une heure.',
  confirmationRequired: 'Tapez SUPPRIMER pour confirmer',
  confirmationWrong: 'Tapez exactement SUPPRIMER, en majuscules',
  passwordRequired: 'Saisissez votre mot de passe',
  wrongPassword: 'Mot de passe incorrect',
  superadminCannotDelete: 'Un superadministrateur ne peut pas supprimer son compte : confiez d’abord ce rôle à un autre compte.',
  accountDeleted: 'Votre compte a été supprimé. Vos données personnelles ont été effacées.',
} as const;

/** The word typed by hand to delete the account (decision 048): the same in every language. */
export const DELETE_CONFIRMATION_WORD = 'SUPPRIMER';

/**
 * `POST /users/me/contact`: exactly one of the new `email` (lower-cased) or the new `phone`
 * (E.164 once parsed, as at sign-up); the code goes to it.
 */
export const contactChangeRequestSchema = z
  .strictObject({
    email: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      emailSchema().optional(),
    ),
    phone: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.string().trim().max(30, { message: PHONE_INVALID }).transform(asE164).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_RIGHTS_MESSAGES.contactRequired, path: ['email'] });
    }
    if (value.email && value.phone) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_RIGHTS_MESSAGES.contactOnlyOne, path: ['phone'] });
    }
  });
export type ContactChangeRequestInput = z.input<typeof contactChangeRequestSchema>;

export const contactChangeRequestResponseSchema = z.object({
  message: z.string(),
  channel: z.enum(['email', 'sms']),
  /** The new contact as stored (lower-cased e-mail or E.164 phone): the code went there. */
  destination: z.string(),
});
export type ContactChangeRequestResponse = z.infer<typeof contactChangeRequestResponseSchema>;

/** `POST /users/me/contact/confirm`: the 6 digits sent to the new contact. */
export const contactChangeConfirmSchema = z.strictObject({ otp: otpSchema });

export const contactChangeConfirmResponseSchema = z.object({ message: z.string(), user: publicUserSchema });

/** `DELETE /users/me`: the word typed by hand and the account's password. */
export const deleteAccountSchema = z.strictObject({
  confirmation: z
    .string({ message: ACCOUNT_RIGHTS_MESSAGES.confirmationRequired })
    .trim()
    .min(1, { message: ACCOUNT_RIGHTS_MESSAGES.confirmationRequired })
    .max(40, { message: ACCOUNT_RIGHTS_MESSAGES.confirmationWrong })
    .refine((value) => value === '' || value === DELETE_CONFIRMATION_WORD, {
      message: ACCOUNT_RIGHTS_MESSAGES.confirmationWrong,
    }),
  password: z
    .string({ message: ACCOUNT_RIGHTS_MESSAGES.passwordRequired })
    .min(1, { message: ACCOUNT_RIGHTS_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

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
