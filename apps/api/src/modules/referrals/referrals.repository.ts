import { pageWindow } from '../../db/page-window';
import { and, asc, count, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { RewardGrantStatus, RewardRuleValues } from '@app/shared/referrals';
import { boundedCount } from '../../db/bounded-count';
import type { Database, Executor, Tx } from '../../db/client';
import { pageIdsOf } from '../../db/page-ids';
import { rowsOf } from '../../db/rows-of';
import {
  type ReferralJobKind,
  referralJobs,
  referralStats,
  rewardGrants,
  rewardRules,
  users,
  waitlistEntries,
} from '../../db/schema/index';

export type RewardRuleRow = typeof rewardRules.$inferSelect;
export type RewardGrantRow = typeof rewardGrants.$inferSelect;

// ---------------------------------------------------------------- referrers

export interface Referrer {
  id: string;
  email: string | null;
  phone: string | null;
}

/** The account holding `code` (stored upper case; the index is on lower(code)). */
export async function findReferrerByCode(db: Database, code: string): Promise<Referrer | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(sql`lower(${users.referralCode}) = lower(${code})`)
    .limit(1);
  return row ?? null;
}

/**
 * Counts one click: the click row is inserted unless this visitor already clicked this code today
 * (primary key) or `perAddress` visitors of its address already did (prefix of the key), and only
 * then the referrer's counter moves. Answers whether it counted.
 */
export async function insertClick(
  db: Database,
  code: string,
  day: string,
  visitor: { key: string; addressPrefix: string },
  perAddress: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One click of an address, code and day at a time, so parallel requests cannot pass the cap.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`click|${code.toLowerCase()}|${day}|${visitor.addressPrefix}`}, 0))`,
    );
    const result = await tx.execute(sql`
      with referrer as (
        select id from users where lower(referral_code) = lower(${code}) limit 1
      ), clicked as (
        insert into referral_clicks (referrer_id, day, visitor)
        select id, ${day}::date, ${visitor.key} from referrer
        where (
          select count(*) from referral_clicks c
          where c.referrer_id = referrer.id and c.day = ${day}::date
            and left(c.visitor, ${visitor.addressPrefix.length}) = ${visitor.addressPrefix}
        ) < ${perAddress}
        on conflict do nothing
        returning referrer_id
      )
      insert into referral_stats (user_id, clicks)
      select referrer_id, 1 from clicked
      on conflict (user_id) do update set clicks = referral_stats.clicks + 1, updated_at = now()
      returning user_id`);
    return rowsOf(result).length > 0;
  });
}

/**
 * Records one sign-up and moves the referrer's counters in one statement. Nothing happens when
 * the same person (phone, e-mail or account) already counted for this referrer (unique indexes).
 */
export async function insertSignup(
  db: Database,
  values: {
    referrerId: string;
    kind: 'waitlist' | 'account';
    phone: string | null;
    email: string | null;
    userId: string | null;
    waitlistEntryId: string | null;
  },
): Promise<boolean> {
  const waitlist = values.kind === 'waitlist' ? 1 : 0;
  const result = await db.execute(sql`
    with signed as (
      insert into referral_signups (referrer_id, kind, phone, email, user_id, waitlist_entry_id)
      values (${values.referrerId}, ${values.kind}, ${values.phone}, ${values.email}, ${values.userId}, ${values.waitlistEntryId})
      on conflict do nothing
      returning referrer_id
    )
    insert into referral_stats (user_id, signups, waitlist_signups, account_signups)
    select referrer_id, 1, ${waitlist}::int, ${1 - waitlist}::int from signed
    on conflict (user_id) do update set
      signups = referral_stats.signups + 1,
      waitlist_signups = referral_stats.waitlist_signups + excluded.waitlist_signups,
      account_signups = referral_stats.account_signups + excluded.account_signups,
      updated_at = now()
    returning user_id`);
  return rowsOf(result).length > 0;
}

/** The account a verified registration came with: its contact and the code it carried. */
// ---------------------------------------------------------------- jobs (decision 021)

export type ReferralJobRow = typeof referralJobs.$inferSelect;

/** Queues a job in the caller's transaction; a job of the same kind and subject is kept as it is. */
export async function insertJob(tx: Executor, job: { kind: ReferralJobKind; subject: string }): Promise<void> {
  await tx.insert(referralJobs).values(job).onConflictDoNothing();
}

/**
 * Queues the counting of the waiting-list entries that carry a code and this just-verified e-mail
 * or phone, in the caller's transaction; nothing when no such entry exists.
 */
export async function insertContactJob(tx: Executor, contact: string): Promise<void> {
  await tx.execute(sql`
    insert into referral_jobs (kind, subject)
    select 'contact_verified', ${contact}
    where exists (
      select 1 from waitlist_entries
      where (phone = ${contact} or email = ${contact}) and referral_code is not null
    )
    on conflict do nothing`);
}

/** Waiting-list entries with a code, by id (approved only) or by contact, for counting. */
export async function findWaitlistEntriesForReferral(db: Database, by: { id: string } | { contact: string }) {
  return db
    .select({
      id: waitlistEntries.id,
      phone: waitlistEntries.phone,
      email: waitlistEntries.email,
      referralCode: waitlistEntries.referralCode,
    })
    .from(waitlistEntries)
    .where(
      'id' in by
        ? and(eq(waitlistEntries.id, by.id), eq(waitlistEntries.status, 'approved'))
        : sql`(${waitlistEntries.phone} = ${by.contact} or ${waitlistEntries.email} = ${by.contact}) and ${waitlistEntries.referralCode} is not null`,
    )
    .limit(20);
}

/**
 * Claims the due jobs not done yet: their next attempt is pushed `leaseMs` ahead in the same
 * statement, so two instances (or the loop and the run after a verification) never run one together.
 */
export async function claimDueJobs(db: Database, limit: number, leaseMs: number): Promise<ReferralJobRow[]> {
  const now = new Date();
  const due = db
    .select({ id: referralJobs.id })
    .from(referralJobs)
    .where(and(isNull(referralJobs.doneAt), lte(referralJobs.nextAttemptAt, now)))
    .orderBy(asc(referralJobs.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(referralJobs)
    .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(referralJobs.id, due), isNull(referralJobs.doneAt)))
    .returning();
}

export async function markJobDone(db: Database, id: string, attempts: number): Promise<void> {
  await db.update(referralJobs).set({ doneAt: new Date(), attempts, lastError: null }).where(eq(referralJobs.id, id));
}

export async function markJobFailed(
  db: Database,
  id: string,
  values: { attempts: number; lastError: string; nextAttemptAt: Date },
) {
  await db
    .update(referralJobs)
    .set({ attempts: values.attempts, lastError: values.lastError.slice(0, 500), nextAttemptAt: values.nextAttemptAt })
    .where(eq(referralJobs.id, id));
}

export async function findAccountForReferral(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      referredByCode: users.referredByCode,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

// ---------------------------------------------------------------- grants by rule

/**
 * Creates the missing grants (pending) of every active rule whose threshold a referrer has
 * reached, for one referrer or one rule. One statement; the unique key (user, rule) with
 * `on conflict do nothing` makes it exactly once even when two sign-ups run it together.
 */
export async function insertDueGrants(db: Database, scope: { referrerId?: string; ruleId?: string }) {
  const conditions: SQL[] = [sql`r.is_active`];
  if (scope.referrerId) conditions.push(sql`s.user_id = ${scope.referrerId}`);
  if (scope.ruleId) conditions.push(sql`r.id = ${scope.ruleId}`);
  const result = await db.execute(sql`
    insert into reward_grants (user_id, rule_id, reward_type, reward_value)
    select s.user_id, r.id, r.type, r.reward_value
    from reward_rules r
    join referral_stats s on s.signups >= r.min_signups
      and (case r.min_type
             when 'waitlist' then s.waitlist_signups
             when 'account' then s.account_signups
             else s.signups end) >= r.min_signups
    where ${sql.join(conditions, sql` and `)}
    on conflict (user_id, rule_id) do nothing
    returning id, user_id as "userId", rule_id as "ruleId"`);
  return rowsOf<{ id: string; userId: string; ruleId: string }>(result);
}

// ---------------------------------------------------------------- leaderboard and my account

/**
 * Highest sign-ups first, then clicks. The page's ids are read first (index-only on
 * `referral_stats_rank_idx`, even deep), then the accounts of those rows only; the total is
 * bounded (decision 013).
 */
export async function listLeaderboard(db: Database, page: number, limit: number) {
  const where = sql`${referralStats.signups} > 0 or ${referralStats.clicks} > 0`;
  const order = [
    sql`${referralStats.signups} desc nulls last`,
    sql`${referralStats.clicks} desc nulls last`,
    asc(referralStats.userId),
  ];
  const pageIds = pageIdsOf(db, referralStats.userId, where, order, pageWindow({ page, limit }));
  const [items, total] = await Promise.all([
    db
      .select({
        userId: referralStats.userId,
        email: users.email,
        username: users.username,
        signups: referralStats.signups,
        waitlistSignups: referralStats.waitlistSignups,
        accountSignups: referralStats.accountSignups,
        clicks: referralStats.clicks,
      })
      .from(referralStats)
      .innerJoin(users, eq(users.id, referralStats.userId))
      .where(inArray(referralStats.userId, pageIds))
      .orderBy(...order),
    boundedCount(db, referralStats, where),
  ]);
  return { items, total };
}

export async function findStats(db: Database, userId: string) {
  const [row] = await db.select().from(referralStats).where(eq(referralStats.userId, userId));
  return row ?? null;
}

export async function findAccount(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function listGrantsOf(db: Database, userId: string) {
  return db
    .select({
      id: rewardGrants.id,
      ruleName: rewardRules.name,
      rewardType: rewardGrants.rewardType,
      rewardValue: rewardGrants.rewardValue,
      status: rewardGrants.status,
      grantedAt: rewardGrants.grantedAt,
    })
    .from(rewardGrants)
    .innerJoin(rewardRules, eq(rewardRules.id, rewardGrants.ruleId))
    .where(eq(rewardGrants.userId, userId))
    .orderBy(desc(rewardGrants.grantedAt))
    .limit(50);
}

// ---------------------------------------------------------------- rules

const grantsCount = sql<number>`(select count(*)::int from ${rewardGrants} where ${rewardGrants.ruleId} = ${rewardRules.id})`;

export async function listRules(db: Database, page: number, limit: number) {
  const [items, totals] = await Promise.all([
    db
      .select({ rule: rewardRules, grantsCount })
      .from(rewardRules)
      .orderBy(sql`${rewardRules.createdAt} desc nulls last`, rewardRules.id)
      .limit(limit)
      .offset(pageWindow({ page, limit }).offset),
    db.select({ value: count() }).from(rewardRules),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function findRule(db: Database, id: string) {
  const [row] = await db.select({ rule: rewardRules, grantsCount }).from(rewardRules).where(eq(rewardRules.id, id));
  return row ?? null;
}

export function ruleColumns(values: RewardRuleValues) {
  return {
    name: values.name,
    type: values.type,
    description: values.description,
    minSignups: values.criteria.minSignups,
    minType: values.criteria.minType,
    rewardValue: values.rewardValue,
    isActive: values.isActive,
  };
}

/* The rule and grant writes below run in the caller's transaction, which records them (decision 036). */

export async function insertRule(tx: Tx, values: RewardRuleValues): Promise<RewardRuleRow> {
  const [row] = await tx.insert(rewardRules).values(ruleColumns(values)).returning();
  if (!row) throw new Error('rule not created');
  return row;
}

/** Updates a rule (all fields, or only `isActive`); null when it does not exist. */
export async function updateRule(
  tx: Tx,
  id: string,
  values: Partial<ReturnType<typeof ruleColumns>>,
): Promise<{ before: RewardRuleRow; after: RewardRuleRow } | null> {
  const [before] = await tx.select().from(rewardRules).where(eq(rewardRules.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx
    .update(rewardRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(rewardRules.id, id))
    .returning();
  if (!after) throw new Error('rule not updated');
  return { before, after };
}

export type RuleDeletion = { outcome: 'missing' } | { outcome: 'used' } | { outcome: 'deleted'; before: RewardRuleRow };

/** Deletes a rule that never granted; 'used' when it has grants (the foreign key forbids it anyway). */
export async function deleteUnusedRule(tx: Tx, id: string): Promise<RuleDeletion> {
  const [before] = await tx.select().from(rewardRules).where(eq(rewardRules.id, id)).for('update');
  if (!before) return { outcome: 'missing' };
  const [used] = await tx.select({ id: rewardGrants.id }).from(rewardGrants).where(eq(rewardGrants.ruleId, id)).limit(1);
  if (used) return { outcome: 'used' };
  await tx.delete(rewardRules).where(eq(rewardRules.id, id));
  return { outcome: 'deleted', before };
}

// ---------------------------------------------------------------- grants

const grantSelection = {
  grant: rewardGrants,
  userEmail: users.email,
  username: users.username,
  ruleName: rewardRules.name,
};

export async function listGrants(db: Database, status: RewardGrantStatus | 'all', page: number, limit: number) {
  const where = status === 'all' ? undefined : eq(rewardGrants.status, status);
  const order = [sql`${rewardGrants.grantedAt} desc nulls last`, asc(rewardGrants.id)];
  // The page's ids from the index first, then their accounts and rules (decision 013).
  const pageIds = pageIdsOf(db, rewardGrants.id, where, order, pageWindow({ page, limit }));
  const [items, totals] = await Promise.all([
    db
      .select(grantSelection)
      .from(rewardGrants)
      .innerJoin(users, eq(users.id, rewardGrants.userId))
      .innerJoin(rewardRules, eq(rewardRules.id, rewardGrants.ruleId))
      .where(inArray(rewardGrants.id, pageIds))
      .orderBy(...order),
    db.select({ value: count() }).from(rewardGrants).where(where),
  ]);
  return { items, total: totals[0]?.value ?? 0 };
}

export async function findGrant(db: Database, id: string) {
  const [row] = await db
    .select(grantSelection)
    .from(rewardGrants)
    .innerJoin(users, eq(users.id, rewardGrants.userId))
    .innerJoin(rewardRules, eq(rewardRules.id, rewardGrants.ruleId))
    .where(eq(rewardGrants.id, id));
  return row ?? null;
}

export type GrantDecisionResult =
  | { outcome: 'missing' }
  | { outcome: 'refused'; current: RewardGrantStatus }
  | { outcome: 'done'; before: RewardGrantRow; after: RewardGrantRow };

/**
 * Moves a grant to `granted` or `revoked` with its effect, in the caller's transaction:
 * delivering premium days extends the account's premium end date (from now, or from the current
 * end when later) and sets the plan to premium; revoking delivered days takes them back.
 * An account premium without end date (paid outside rewards) is left as it is.
 */
export async function decideGrant(
  tx: Tx,
  id: string,
  status: 'granted' | 'revoked',
  allowedFrom: readonly RewardGrantStatus[],
): Promise<GrantDecisionResult> {
  const [before] = await tx.select().from(rewardGrants).where(eq(rewardGrants.id, id)).for('update');
  if (!before) return { outcome: 'missing' };
  if (!allowedFrom.includes(before.status)) return { outcome: 'refused', current: before.status };
  const now = new Date();
  const [after] = await tx
    .update(rewardGrants)
    .set({ status, decidedAt: now, updatedAt: now })
    .where(eq(rewardGrants.id, id))
    .returning();
  if (!after) throw new Error('grant not updated');
  if (before.rewardType === 'premium_days') {
    const days = sql`make_interval(days => ${before.rewardValue}::int)`;
    if (status === 'granted') {
      await tx
        .update(users)
        .set({
          premiumUntil: sql`greatest(coalesce(${users.premiumUntil}, now()), now()) + ${days}`,
          plan: 'premium',
          updatedAt: now,
        })
        .where(and(eq(users.id, before.userId), sql`not (${users.plan} = 'premium' and ${users.premiumUntil} is null)`));
    } else if (before.status === 'granted') {
      await tx
        .update(users)
        .set({
          premiumUntil: sql`${users.premiumUntil} - ${days}`,
          plan: sql`case when ${users.premiumUntil} - ${days} > now() then 'premium'::plan else 'freemium'::plan end`,
          updatedAt: now,
        })
        .where(and(eq(users.id, before.userId), sql`${users.premiumUntil} is not null`));
    }
  }
  return { outcome: 'done', before, after };
}

/** Accounts whose premium period earned by rewards has ended go back to freemium. */
export async function expireEndedPremiums(db: Database): Promise<number> {
  const rows = await db
    .update(users)
    .set({ plan: 'freemium', updatedAt: new Date() })
    .where(and(eq(users.plan, 'premium'), sql`${users.premiumUntil} is not null`, sql`${users.premiumUntil} <= now()`))
    .returning({ id: users.id });
  return rows.length;
}
