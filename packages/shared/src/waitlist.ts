import { z } from 'zod';
import { optionalEmail, pageOf, pageQuerySchema, requiredText } from './common';
import { phoneSchema } from './phone';

export const WAITLIST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const waitlistStatusSchema = z.enum(WAITLIST_STATUSES);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

/** Public sign-up (spec §5): name required, phone required (+237 default), e-mail optional. */
export const waitlistSignupSchema = z.object({
  name: requiredText('Le nom est requis', 120),
  phone: phoneSchema,
  email: optionalEmail,
  /** Referral code from `?ref=` on the landing URL. */
  ref: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]*$/, { message: 'Code de parrainage invalide' })
    .optional(),
});
export type WaitlistSignupInput = z.input<typeof waitlistSignupSchema>;

/** A waiting-list entry as the API shows it (spec §3). */
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
