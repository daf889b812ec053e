/** Query keys of the referral screens; every change invalidates `all`. */
export const referralKeys = {
  all: ['referral'] as const,
  me: ['referral', 'me'] as const,
  leaderboard: (page: number) => ['referral', 'leaderboard', page] as const,
  rewards: (page: number) => ['referral', 'rewards', page] as const,
  rules: (page: number) => ['referral', 'rules', page] as const,
};
