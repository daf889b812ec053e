import { z } from 'zod';
import { optionalEmail, pageOf, pageQuerySchema, requiredText } from './common';
import { phoneSchema } from './phone';
import { WAITLIST_STATUSES } from './waitlist-messages';

export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

export { followersClaim, WAITLIST_MESSAGES, WAITLIST_MIN_FILL_MS, WAITLIST_STATUSES } from './waitlist-messages';

/**
 * Public sign-up: name required, phone required (+237 default), e-mail optional.
 *
 * Anti-bot, without CAPTCHA (both fields optional so the original client's `{ name, phone, email }`
 * still works; the per-IP rate limit covers clients that send neither):
 * - `website` is a honeypot: the landing form renders it hidden and out of the tab order, so a
 *   person leaves it empty. When it is filled the API answers the usual success and stores nothing.
 * - `formToken` comes from `GET /api/waitlist/form-token` when the form appears: a signed, timed
 *   token, so the server measures the fill time (decision 021). Under WAITLIST_MIN_FILL_MS the API
 *   refuses with a French message (400, code TOO_FAST). A sign-up without a valid token (or older
 *   than a day) takes the tighter per-address limit.
 * - `elapsedMs`, which the client used to declare, is still accepted and ignored.
 */
export const waitlistSignupSchema = z.strictObject({
  name: requiredText('Le nom est requis', 120),
  phone: phoneSchema,
  email: optionalEmail,
  /** Referral code from `?ref=` on the landing URL. */
  ref: z
    .string()
    .trim()
    .max(64, { message: 'Code de parrainage invalide' })
    .regex(/^[\w-]*$/, { message: 'Code de parrainage invalide' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  website: z.string().max(500).optional(),
  formToken: z.string().max(100).optional(),
  /** Ignored since decision 021 (the server measures the fill time with `formToken`). */
  elapsedMs: z
    .number()
    .int()
    .min(0)
    .max(86_400_000 * 30)
    .optional(),
});
export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;

/** Answer of `GET /api/waitlist/form-token`. */
export const waitlistFormTokenSchema = z.object({ token: z.string() });

/** A waiting-list entry as the API shows it. */
export const waitlistEntrySchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  status: waitlistStatusSchema,
  referralCode: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['all', ...WAITLIST_STATUSES]).default('all'),
});
export type WaitlistListQuery = z.input<typeof waitlistListQuerySchema>;

export const waitlistPageSchema = pageOf(waitlistEntrySchema);
export type WaitlistPage = z.infer<typeof waitlistPageSchema>;

export const waitlistCountSchema = z.object({ count: z.number().int().min(0) });

/** Answer of `POST /api/waitlist`: 201 for a new entry, 200 when the phone or e-mail is already listed. */
export const waitlistSignupResponseSchema = z.object({
  message: z.string(),
  alreadyRegistered: z.boolean(),
});
export type WaitlistSignupResponse = z.infer<typeof waitlistSignupResponseSchema>;

/** `GET /api/admin/waitlist/export.csv`: the filters of the list, without paging. */
export const waitlistExportQuerySchema = waitlistListQuerySchema.pick({ search: true, status: true });

/** `GET /api/waitlist` (plain array, for the original client) answers at most this many entries, newest first. */
export const WAITLIST_ARRAY_LIMIT = 1000;
