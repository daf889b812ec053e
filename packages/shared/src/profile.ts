import { z } from 'zod';
import { nameField, usernameSchema } from './auth';

/**
 * The account's own profile, 'Mon profil' (issue 27 item 8, decision 046): names, username and
 * city under `GET/PATCH /api/users/me/profile`, the photo under `/api/users/me/avatar`. The
 * username follows the sign-up's rules (`usernameSchema`) and its look-alike check.
 */

export const PROFILE_MESSAGES = {
  saved: 'Profil enregistré',
  nothingToChange: 'Aucune modification à enregistrer',
  avatarSaved: 'Photo de profil enregistrée',
  avatarRemoved: 'Photo de profil retirée',
  noAvatar: 'Vous n’avez pas de photo de profil',
  avatarRequired: 'Choisissez une image pour votre photo',
  avatarTooLarge: 'La photo doit faire 10 Mo au maximum',
  avatarOnlyOne: 'Une seule photo à la fois',
  avatarOnlyField: 'Seule une image est attendue, dans le champ « avatar »',
  cityTooLong: 'La ville : 100 caractères au maximum',
  usernameTaken: "Ce nom d'utilisateur est déjà utilisé",
} as const;

/** The photo as sent (the browser sends about 1600 px, well under this): the event images' limit. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
/** The stored photo: one square WebP of this side, cut around the centre (shown at most 128 px wide, ×3 screens). */
export const AVATAR_SIDE = 384;

/** Empty means no city. */
const cityField = z
  .string()
  .trim()
  .max(100, { message: PROFILE_MESSAGES.cityTooLong })
  .transform((value) => (value === '' ? null : value));

/** The 'Informations' form, whole: what the screen sends. */
export const profileFormSchema = z.strictObject({
  firstName: nameField('Prénom'),
  lastName: nameField('Nom'),
  username: usernameSchema,
  city: cityField,
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** `PATCH /api/users/me/profile`: any of the form's fields, at least one. */
export const updateProfileSchema = profileFormSchema
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: PROFILE_MESSAGES.nothingToChange,
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** The profile as the screen reads it. `avatar` is the photo's address, or null. */
export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string().nullable(),
  city: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema });
export const profileSavedResponseSchema = z.object({ message: z.string(), profile: profileSchema });
export type ProfileSavedResponse = z.infer<typeof profileSavedResponseSchema>;
