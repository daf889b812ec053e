import { z } from 'zod';
import { pageOf, pageQuerySchema, requiredText } from './common';
import { publicUserSchema } from './users';

// ---------------------------------------------------------------- codes and links

export {
  normaliseReferralCode,
  REFERRAL_CODE_PATTERN,
  referralLink,
  whatsappShareText,
  whatsappShareUrl,
} from './referral-links';

/**
 * `ref` sent with a registration (from `/GetStarted?ref=`): any short code-like text is accepted
 * and kept; only a valid code of another person ever counts.
 */
export const referralRefField = z
  .string()
  .trim()
  .max(64, { message: 'Code de parrainage invalide' })
  .regex(/^[\w-]*$/, { message: 'Code de parrainage invalide' })
  .optional()
  .transform((value) => (value ? value : undefined));

// ---------------------------------------------------------------- rules

export const REWARD_TYPES = ['premium_days', 'credit_fcfa', 'badge'] as const;
export const rewardTypeSchema = z.enum(REWARD_TYPES, { message: 'Type de récompense invalide' });
export type RewardType = z.infer<typeof rewardTypeSchema>;

/** Which sign-ups count toward a rule: the waiting list, verified accounts, or both. */
export const REWARD_MIN_TYPES = ['waitlist', 'account', 'any'] as const;
export const rewardMinTypeSchema = z.enum(REWARD_MIN_TYPES, { message: 'Type d’inscriptions invalide' });
export type RewardMinType = z.infer<typeof rewardMinTypeSchema>;

export const REWARD_GRANT_STATUSES = ['pending', 'granted', 'revoked'] as const;
export const rewardGrantStatusSchema = z.enum(REWARD_GRANT_STATUSES);
export type RewardGrantStatus = z.infer<typeof rewardGrantStatusSchema>;

export const REWARD_LIMITS = {
  premium_days: 3650,
  credit_fcfa: 10_000_000,
  badge: 1,
} as const satisfies Record<RewardType, number>;

const wholeNumber = (message: string, max: number) =>
  z.coerce
    .number({ message })
    .int({ message })
    .min(1, { message })
    .max(max, { message: `${max.toLocaleString('fr-FR')} au maximum` });

export const rewardCriteriaSchema = z.strictObject({
  minSignups: wholeNumber('Le seuil doit être un nombre entier d’au moins 1', 100_000),
  minType: rewardMinTypeSchema,
});

/** `POST /referral/reward-rules` and `PUT /referral/reward-rules/{id}` (a reward rule). */
export const rewardRuleInputSchema = z
  .strictObject({
    name: requiredText('Le nom est requis', 80),
    type: rewardTypeSchema,
    description: z.string().trim().max(500, { message: '500 caractères au maximum' }).default(''),
    criteria: rewardCriteriaSchema,
    rewardValue: wholeNumber('La valeur doit être un nombre entier d’au moins 1', REWARD_LIMITS.credit_fcfa),
    isActive: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    const max = REWARD_LIMITS[value.type];
    if (value.rewardValue > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['rewardValue'],
        message: value.type === 'badge' ? 'Un badge vaut 1' : `${max.toLocaleString('fr-FR')} au maximum`,
      });
    }
  });
export type RewardRuleInput = z.input<typeof rewardRuleInputSchema>;
export type RewardRuleValues = z.output<typeof rewardRuleInputSchema>;

export const rewardRuleActiveSchema = z.strictObject({ isActive: z.boolean() });

export const rewardRuleSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  type: rewardTypeSchema,
  description: z.string(),
  criteria: z.object({ minSignups: z.number().int(), minType: rewardMinTypeSchema }),
  rewardValue: z.number().int(),
  isActive: z.boolean(),
  /** Grants made by this rule; a rule that granted cannot be deleted. */
  grantsCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type RewardRule = z.infer<typeof rewardRuleSchema>;
export const rewardRulePageSchema = pageOf(rewardRuleSchema);
export type RewardRulePage = z.infer<typeof rewardRulePageSchema>;

// ---------------------------------------------------------------- grants

const accountRefSchema = z.object({ _id: z.uuid(), email: z.string().nullable(), username: z.string().nullable() });

/** A reward grant: `userId` and `ruleId` come populated, as the original client reads them. */
export const rewardGrantSchema = z.object({
  _id: z.uuid(),
  userId: accountRefSchema,
  rewardType: rewardTypeSchema,
  rewardValue: z.number().int(),
  status: rewardGrantStatusSchema,
  ruleId: z.object({ _id: z.uuid(), name: z.string() }),
  grantedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type RewardGrant = z.infer<typeof rewardGrantSchema>;
export const rewardGrantPageSchema = pageOf(rewardGrantSchema);
export type RewardGrantPage = z.infer<typeof rewardGrantPageSchema>;

export const rewardGrantListQuerySchema = pageQuerySchema.extend({
  status: z.enum(['all', ...REWARD_GRANT_STATUSES]).default('all'),
});

/** `PATCH /referral/admin/rewards/{id}`: pending → granted (delivered) or revoked; granted → revoked. */
export const rewardGrantDecisionSchema = z.strictObject({
  status: z.enum(['granted', 'revoked'], { message: 'Statut invalide' }),
});
export type RewardGrantDecision = z.infer<typeof rewardGrantDecisionSchema>;

// ---------------------------------------------------------------- leaderboard

/** A leaderboard row: referrer (e-mail, username), sign-ups, clicks. */
export const leaderboardRowSchema = z.object({
  _id: z.uuid(),
  referrer: accountRefSchema,
  signups: z.number().int(),
  waitlistSignups: z.number().int(),
  accountSignups: z.number().int(),
  clicks: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;
export const leaderboardPageSchema = pageOf(leaderboardRowSchema);
export type LeaderboardPage = z.infer<typeof leaderboardPageSchema>;

/** Referrer label of the leaderboard: e-mail, else username, else 'N/A'. */
export function referrerLabel(referrer: { email: string | null; username: string | null }): string {
  return referrer.email || referrer.username || 'N/A';
}

// ---------------------------------------------------------------- my account

export const myReferralSchema = z.object({
  user: publicUserSchema
    .pick({ _id: true, firstName: true, lastName: true, username: true, email: true, phone: true, role: true })
    .extend({
      plan: z.enum(['freemium', 'premium']),
      premiumUntil: z.string().nullable(),
      /** An administrator account that still waits for validation. */
      adminPending: z.boolean(),
    }),
  referral: z.object({
    code: z.string(),
    link: z.string(),
    clicks: z.number().int(),
    signups: z.number().int(),
    waitlistSignups: z.number().int(),
    accountSignups: z.number().int(),
  }),
  rewards: z.array(
    z.object({
      _id: z.uuid(),
      ruleName: z.string(),
      rewardType: rewardTypeSchema,
      rewardValue: z.number().int(),
      status: rewardGrantStatusSchema,
      grantedAt: z.string(),
    }),
  ),
});
export type MyReferral = z.infer<typeof myReferralSchema>;

// ---------------------------------------------------------------- French texts

export const REFERRAL_MESSAGES = {
  ruleNotFound: 'Règle introuvable',
  grantNotFound: 'Récompense introuvable',
  ruleInUse: 'Cette règle a déjà accordé des récompenses : désactivez-la plutôt que de la supprimer.',
  grantRevoked: 'Cette récompense a été révoquée : son statut ne peut plus changer.',
  grantAlreadyGranted: 'Cette récompense est déjà accordée.',
} as const;
