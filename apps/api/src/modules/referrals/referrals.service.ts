import { ANONYMOUS_VISITORS_PER_ADDRESS, anonymousVisitor } from '../../lib/visitor-key';
import type { FastifyBaseLogger } from 'fastify';
import {
  type LeaderboardRow,
  type MyReferral,
  normaliseReferralCode,
  REFERRAL_MESSAGES,
  type RewardGrant,
  type RewardGrantDecision,
  type RewardGrantStatus,
  type RewardRule,
  type RewardRuleValues,
  referralLink,
} from '@app/shared/referrals';
import type { Database, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { recordWrite } from '../audit/record-write';
import {
  decideGrant,
  deleteUnusedRule,
  expireEndedPremiums,
  findAccount,
  claimDueJobs,
  findAccountForReferral,
  findWaitlistEntriesForReferral,
  findGrant,
  findReferrerByCode,
  findRule,
  findStats,
  type GrantDecisionResult,
  insertClick,
  insertDueGrants,
  insertRule,
  insertSignup,
  listGrants,
  listGrantsOf,
  listLeaderboard,
  listRules,
  markJobDone,
  markJobFailed,
  type RewardRuleRow,
  ruleColumns,
  updateRule,
} from './referrals.repository';
import { notifyUser } from '../user-notifications/user-notifications.writes';
import { doualaDate } from '@app/shared/douala-time';

/** What the referral rules use: the database, a log, and the public address for links. */
export interface ReferralDeps {
  db: Database;
  log: FastifyBaseLogger;
  publicUrl: string;
}

// ---------------------------------------------------------------- clicks

/**
 * Link previews (WhatsApp, Facebook, Telegram…) and robots fetch a shared link without a person
 * behind it: they never count as a click.
 */
const NOT_A_PERSON =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|lighthouse|curl|wget|python|node-fetch/i;

/**
 * Counts a visit of a public page with `?ref=CODE`: at most once per visitor (a hash of the day,
 * the address and the browser, no cookie), code and day, and at most
 * ANONYMOUS_VISITORS_PER_ADDRESS visitors per address, code and day (decision 021). An invalid code
 * costs nothing (no query). Answers whether it counted.
 */
export async function recordClick(
  deps: ReferralDeps,
  visit: { ref: string | null | undefined; ip: string; userAgent: string | undefined; now?: Date },
): Promise<boolean> {
  const code = normaliseReferralCode(visit.ref);
  const userAgent = visit.userAgent ?? '';
  if (!code || !userAgent || NOT_A_PERSON.test(userAgent)) return false;
  const day = doualaDate(visit.now ?? new Date());
  return insertClick(deps.db, code, day, anonymousVisitor(day, visit.ip, userAgent), ANONYMOUS_VISITORS_PER_ADDRESS);
}

// ---------------------------------------------------------------- sign-ups and grants

interface SignupInput {
  ref: string | null | undefined;
  kind: 'waitlist' | 'account';
  phone: string | null;
  email: string | null;
  userId: string | null;
  waitlistEntryId: string | null;
}

/**
 * Counts a person for the owner of `ref`, then creates the grants now due. Self-referral (same
 * account, phone or e-mail as the referrer) never counts; one person counts once per referrer.
 * Answers whether it counted.
 */
export async function recordSignup(deps: ReferralDeps, input: SignupInput): Promise<boolean> {
  const code = normaliseReferralCode(input.ref);
  if (!code) return false;
  const referrer = await findReferrerByCode(deps.db, code);
  if (!referrer) return false;
  const email = input.email?.toLowerCase() ?? null;
  const self =
    referrer.id === input.userId ||
    (!!input.phone && referrer.phone === input.phone) ||
    (!!email && referrer.email?.toLowerCase() === email);
  if (self) return false;
  const counted = await insertSignup(deps.db, { ...input, email, referrerId: referrer.id });
  if (counted) await grantDue(deps, { referrerId: referrer.id });
  return counted;
}

/**
 * Counts waiting-list entries that carried `?ref=` (decision 021): only once approved or once
 * their contact is verified, never at sign-up. Then the grants due are made (also on a retry).
 * Throws on failure: the job is retried.
 */
async function countWaitlistEntries(deps: ReferralDeps, by: { id: string } | { contact: string }): Promise<void> {
  for (const entry of await findWaitlistEntriesForReferral(deps.db, by)) {
    const code = normaliseReferralCode(entry.referralCode);
    const referrer = code ? await findReferrerByCode(deps.db, code) : null;
    if (!referrer) continue;
    const counted = await recordSignup(deps, {
      ref: code,
      kind: 'waitlist',
      phone: entry.phone,
      email: entry.email,
      userId: null,
      waitlistEntryId: entry.id,
    });
    if (!counted) await grantDue(deps, { referrerId: referrer.id });
  }
}

/**
 * The job of an account just verified (decision 021): it counts for the owner of the code it
 * registered with, then the grants due to that referrer are made, whether or not it counted now
 * (a retry after a failure between the two still grants). Throws on failure: the job is retried.
 */
async function countVerifiedAccount(deps: ReferralDeps, userId: string): Promise<void> {
  const account = await findAccountForReferral(deps.db, userId);
  if (!account?.referredByCode || !account.isVerified) return;
  const code = normaliseReferralCode(account.referredByCode);
  const referrer = code ? await findReferrerByCode(deps.db, code) : null;
  if (!referrer) return;
  const counted = await recordSignup(deps, {
    ref: code,
    kind: 'account',
    phone: account.phone,
    email: account.email,
    userId: account.id,
    waitlistEntryId: null,
  });
  // Counted now: its grants were just made. Counted before: a retry still makes them.
  if (!counted) await grantDue(deps, { referrerId: referrer.id });
}

const JOB_LEASE_MS = 120_000;

/** Delay before a job's next attempt: 30 s, 1 min, 2 min … at most 1 h; a job is retried until done. */
export function jobRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Runs the referral jobs that are due (decision 021). Never throws; answers how many were done. */
export async function runReferralJobs(deps: ReferralDeps, limit = 20): Promise<number> {
  let done = 0;
  try {
    for (const job of await claimDueJobs(deps.db, limit, JOB_LEASE_MS)) {
      const attempts = job.attempts + 1;
      try {
        if (job.kind === 'account_verified') await countVerifiedAccount(deps, job.subject);
        else if (job.kind === 'waitlist_approved') await countWaitlistEntries(deps, { id: job.subject });
        else if (job.kind === 'contact_verified') await countWaitlistEntries(deps, { contact: job.subject });
        await markJobDone(deps.db, job.id, attempts);
        done += 1;
      } catch (error) {
        // The database's own reason (drizzle wraps it in 'Failed query: …' with the SQL).
        const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        const message = reason instanceof Error ? reason.message : String(reason);
        await markJobFailed(deps.db, job.id, {
          attempts,
          lastError: message,
          nextAttemptAt: new Date(Date.now() + jobRetryDelayMs(attempts)),
        }).catch(() => {});
        deps.log.error({ err: error, jobId: job.id, kind: job.kind, attempts }, 'referral job failed; will retry');
      }
    }
  } catch (error) {
    deps.log.warn({ err: error }, 'referral jobs not run');
  }
  return done;
}

/** Creates the pending grants now due, for one referrer or one rule. */
export async function grantDue(deps: ReferralDeps, scope: { referrerId?: string; ruleId?: string }) {
  const created = await insertDueGrants(deps.db, scope);
  if (created.length) deps.log.info({ grants: created }, 'reward grants created');
  return created;
}

// ---------------------------------------------------------------- leaderboard and my account

export async function getLeaderboard(deps: ReferralDeps, page: number, limit: number) {
  const { items, total } = await listLeaderboard(deps.db, page, limit);
  return {
    items: items.map(
      (row): LeaderboardRow => ({
        _id: row.userId,
        referrer: { _id: row.userId, email: row.email, username: row.username },
        signups: row.signups,
        waitlistSignups: row.waitlistSignups,
        accountSignups: row.accountSignups,
        clicks: row.clicks,
      }),
    ),
    total,
  };
}

export async function getMyReferral(deps: ReferralDeps, userId: string): Promise<MyReferral> {
  const [account, stats, grants] = await Promise.all([
    findAccount(deps.db, userId),
    findStats(deps.db, userId),
    listGrantsOf(deps.db, userId),
  ]);
  if (!account) throw notFound('Compte introuvable');
  const premiumEnded = account.premiumUntil !== null && account.premiumUntil <= new Date();
  return {
    user: {
      _id: account.id,
      firstName: account.firstName,
      lastName: account.lastName,
      username: account.username,
      email: account.email,
      phone: account.phone,
      role: account.role,
      plan: premiumEnded ? 'freemium' : account.plan,
      premiumUntil: account.plan === 'premium' && !premiumEnded ? (account.premiumUntil?.toISOString() ?? null) : null,
      adminPending: account.role === 'admin' && !account.isAdminValidated && !account.isBlocked,
    },
    referral: {
      code: account.referralCode,
      link: referralLink(deps.publicUrl, account.referralCode),
      clicks: stats?.clicks ?? 0,
      signups: stats?.signups ?? 0,
      waitlistSignups: stats?.waitlistSignups ?? 0,
      accountSignups: stats?.accountSignups ?? 0,
    },
    rewards: grants.map((grant) => ({
      _id: grant.id,
      ruleName: grant.ruleName,
      rewardType: grant.rewardType,
      rewardValue: grant.rewardValue,
      status: grant.status,
      grantedAt: grant.grantedAt.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------- rules

function toRule(row: { rule: RewardRuleRow; grantsCount: number }): RewardRule {
  const { rule } = row;
  return {
    _id: rule.id,
    name: rule.name,
    type: rule.type,
    description: rule.description,
    criteria: { minSignups: rule.minSignups, minType: rule.minType },
    rewardValue: rule.rewardValue,
    isActive: rule.isActive,
    grantsCount: Number(row.grantsCount),
    createdAt: rule.createdAt.toISOString(),
  };
}

export async function getRewardRules(deps: ReferralDeps, page: number, limit: number) {
  const { items, total } = await listRules(deps.db, page, limit);
  return { items: items.map(toRule), total };
}

async function ruleAnswer(deps: ReferralDeps, id: string): Promise<RewardRule> {
  const row = await findRule(deps.db, id);
  if (!row) throw notFound(REFERRAL_MESSAGES.ruleNotFound);
  return toRule(row);
}

/** A new rule; referrers who already reach its threshold get their grant at once. */
export async function createRewardRule(deps: ReferralDeps, actorId: string, values: RewardRuleValues): Promise<RewardRule> {
  const rule = await deps.db.transaction(async (tx) => {
    const row = await insertRule(tx, values);
    await recordWrite(tx, {
      audit: { actorId, action: 'reward_rule.create', targetType: 'reward_rule', targetId: row.id, after: row },
    });
    return row;
  });
  if (rule.isActive) await grantDue(deps, { ruleId: rule.id });
  return ruleAnswer(deps, rule.id);
}

/**
 * Edits a rule. Grants already made keep their type and value; when the edited (or re-activated)
 * rule is due for more referrers, their grants are created.
 */
export async function updateRewardRule(
  deps: ReferralDeps,
  actorId: string,
  id: string,
  values: RewardRuleValues | { isActive: boolean },
): Promise<RewardRule> {
  const columns = 'criteria' in values ? ruleColumns(values) : { isActive: values.isActive };
  const rule = await deps.db.transaction(async (tx) => {
    const updated = await updateRule(tx, id, columns);
    if (!updated) return null;
    const { before, after } = updated;
    await recordWrite(tx, {
      audit: { actorId, action: 'reward_rule.update', targetType: 'reward_rule', targetId: id, before, after },
    });
    return after;
  });
  if (!rule) throw notFound(REFERRAL_MESSAGES.ruleNotFound);
  if (rule.isActive) await grantDue(deps, { ruleId: rule.id });
  return ruleAnswer(deps, rule.id);
}

export async function deleteRewardRule(deps: ReferralDeps, actorId: string, id: string): Promise<void> {
  const { outcome } = await deps.db.transaction(async (tx) => {
    const deletion = await deleteUnusedRule(tx, id);
    if (deletion.outcome === 'deleted') {
      await recordWrite(tx, {
        audit: { actorId, action: 'reward_rule.delete', targetType: 'reward_rule', targetId: id, before: deletion.before },
      });
    }
    return deletion;
  });
  if (outcome === 'missing') throw notFound(REFERRAL_MESSAGES.ruleNotFound);
  if (outcome === 'used') throw new AppError('RULE_IN_USE', REFERRAL_MESSAGES.ruleInUse);
}

// ---------------------------------------------------------------- grants

function toGrant(row: NonNullable<Awaited<ReturnType<typeof findGrant>>>): RewardGrant {
  const { grant } = row;
  return {
    _id: grant.id,
    userId: { _id: grant.userId, email: row.userEmail, username: row.username },
    rewardType: grant.rewardType,
    rewardValue: grant.rewardValue,
    status: grant.status,
    ruleId: { _id: grant.ruleId, name: row.ruleName },
    grantedAt: grant.grantedAt.toISOString(),
    decidedAt: grant.decidedAt?.toISOString() ?? null,
  };
}

export async function getRewardGrants(deps: ReferralDeps, status: RewardGrantStatus | 'all', page: number, limit: number) {
  const { items, total } = await listGrants(deps.db, status, page, limit);
  return { items: items.map(toGrant), total };
}

/** Which statuses each decision may start from: a revoked grant stays revoked. */
const ALLOWED_FROM: Record<RewardGrantDecision['status'], readonly RewardGrantStatus[]> = {
  granted: ['pending'],
  revoked: ['pending', 'granted'],
};

/**
 * Marks a grant delivered (`granted`) or `revoked`, with its effect on the account and its audit
 * row, in the caller's transaction (the route below, the demo seed).
 */
export async function decideGrantIn(
  tx: Tx,
  actorId: string | null,
  id: string,
  status: RewardGrantDecision['status'],
): Promise<GrantDecisionResult> {
  const decided = await decideGrant(tx, id, status, ALLOWED_FROM[status]);
  if (decided.outcome !== 'done') return decided;
  const { before } = decided;
  await recordWrite(tx, {
    audit: {
      actorId,
      action: status === 'granted' ? 'reward_grant.grant' : 'reward_grant.revoke',
      targetType: 'reward_grant',
      targetId: id,
      before: { status: before.status },
      after: { status, userId: before.userId, rewardType: before.rewardType, rewardValue: before.rewardValue },
    },
  });
  if (status === 'granted') {
    await notifyUser(tx, {
      userId: before.userId,
      kind: 'reward_granted',
      data: { rewardType: before.rewardType, rewardValue: before.rewardValue },
    });
  }
  return decided;
}

export async function decideRewardGrant(
  deps: ReferralDeps,
  actorId: string,
  id: string,
  decision: RewardGrantDecision,
): Promise<RewardGrant> {
  const result = await deps.db.transaction((tx) => decideGrantIn(tx, actorId, id, decision.status));
  if (result.outcome === 'missing') throw notFound(REFERRAL_MESSAGES.grantNotFound);
  if (result.outcome === 'refused') {
    throw new AppError(
      'GRANT_STATUS_CONFLICT',
      result.current === 'revoked' ? REFERRAL_MESSAGES.grantRevoked : REFERRAL_MESSAGES.grantAlreadyGranted,
    );
  }
  const row = await findGrant(deps.db, id);
  if (!row) throw notFound(REFERRAL_MESSAGES.grantNotFound);
  return toGrant(row);
}

/** Hourly: premium periods earned by rewards that have ended. */
export async function expirePremiums(deps: ReferralDeps): Promise<void> {
  try {
    const count = await expireEndedPremiums(deps.db);
    if (count) deps.log.info({ count }, 'premium periods ended');
  } catch (error) {
    deps.log.warn({ err: error }, 'premium expiry not run');
  }
}
