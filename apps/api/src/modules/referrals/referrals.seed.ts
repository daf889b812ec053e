import { eq, inArray, isNull, and } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rewardGrants, rewardRules, users, waitlistEntries } from '../../db/schema/index';
import { insertClick, insertDueGrants, insertSignup } from './referrals.repository';
import { decideGrantIn } from './referrals.service';
import { doualaDate } from '@app/shared/douala-time';

/** Who brought whom in the demo: referrer e-mail → how many waiting-list people, and clicks. */
const REFERRERS = [
  { email: 'aicha@exemple.cm', people: 5, clicks: 23 },
  { email: 'paul@exemple.cm', people: 2, clicks: 9 },
  { email: 'grace@exemple.cm', people: 1, clicks: 4 },
] as const;

const RULES = [
  {
    name: 'Ambassadeur : 30 jours premium',
    type: 'premium_days' as const,
    description: 'Trente jours premium dès trois amis inscrits.',
    minSignups: 3,
    minType: 'any' as const,
    rewardValue: 30,
  },
  {
    name: 'Badge Pionnier',
    type: 'badge' as const,
    description: 'Le premier ami inscrit sur la liste d’attente.',
    minSignups: 1,
    minType: 'waitlist' as const,
    rewardValue: 1,
  },
];

/**
 * Demo referrals on top of the demo accounts and waiting list: referrers with clicks and
 * sign-ups, two rules, and grants in each status (pending, granted, revoked). Idempotent.
 */
export async function seedReferralsDemo(db: Database): Promise<void> {
  const referrers = await db
    .select({ id: users.id, email: users.email, code: users.referralCode })
    .from(users)
    .where(
      inArray(
        users.email,
        REFERRERS.map((referrer) => referrer.email),
      ),
    );
  const entries = await db.select().from(waitlistEntries).orderBy(waitlistEntries.phone);
  let next = 0;
  for (const plan of REFERRERS) {
    const referrer = referrers.find((row) => row.email === plan.email);
    if (!referrer) continue;
    for (const entry of entries.slice(next, next + plan.people)) {
      await db
        .update(waitlistEntries)
        .set({ referralCode: referrer.code })
        .where(and(eq(waitlistEntries.id, entry.id), isNull(waitlistEntries.referralCode)));
      await insertSignup(db, {
        referrerId: referrer.id,
        kind: 'waitlist',
        phone: entry.phone,
        email: entry.email,
        userId: null,
        waitlistEntryId: entry.id,
      });
    }
    next += plan.people;
    for (let i = 0; i < plan.clicks; i++) {
      const day = doualaDate(new Date(Date.now() - (i % 7) * 86_400_000));
      // One demo address per visitor, so the cap per address (decision 021) never applies here.
      await insertClick(db, referrer.code, day, { key: `demo-${i}.visitor`, addressPrefix: `demo-${i}.` }, 1);
    }
  }

  const existing = new Set((await db.select({ name: rewardRules.name }).from(rewardRules)).map((row) => row.name));
  const missing = RULES.filter((rule) => !existing.has(rule.name));
  if (missing.length) await db.insert(rewardRules).values(missing);
  await insertDueGrants(db, {});

  // One delivered (premium days added), one revoked; the others stay pending.
  const grants = await db
    .select({ id: rewardGrants.id, status: rewardGrants.status, email: users.email, rule: rewardRules.name })
    .from(rewardGrants)
    .innerJoin(users, eq(users.id, rewardGrants.userId))
    .innerJoin(rewardRules, eq(rewardRules.id, rewardGrants.ruleId));
  const decide = async (email: string, rule: string, status: 'granted' | 'revoked') => {
    const grant = grants.find((row) => row.email === email && row.rule === rule);
    if (grant?.status === 'pending') await db.transaction((tx) => decideGrantIn(tx, null, grant.id, status));
  };
  await decide('aicha@exemple.cm', 'Ambassadeur : 30 jours premium', 'granted');
  await decide('paul@exemple.cm', 'Badge Pionnier', 'revoked');
}
