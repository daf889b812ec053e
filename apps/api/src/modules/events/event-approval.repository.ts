import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { events, users } from '../../db/schema/index';

/** The events table's row (as events.repository names it; declared here so the two files do not import each other). */
type EventRow = typeof events.$inferSelect;

/**
 * The 'À approuver' queue (issue 25 item 11): drafts whose organiser may not publish them alone
 * (not a superadmin, not a validated, unblocked administrator holding manage_events — the rule of
 * effectivePermissions), submitted for approval ('Publier', decision 038) and not refused since
 * their last submission. Only meaningful while the setting
 * 'Approbation requise' is on: the service asks only then.
 */
export function pendingApprovalCondition(): SQL {
  const organiserPublishesAlone = sql`exists (
    select 1 from ${users}
    where ${users.id} = ${events.organizerId}
      and not ${users.isBlocked}
      and (${users.role} = 'superadmin'
        or (${users.role} = 'admin' and ${users.isAdminValidated} and 'manage_events' = any(${users.permissions})))
  )`;
  return and(
    eq(events.status, 'draft'),
    sql`${events.submittedForApprovalAt} is not null`,
    sql`${events.organizerId} is not null`,
    sql`not ${organiserPublishesAlone}`,
    or(isNull(events.refusedAt), sql`${events.submittedForApprovalAt} > ${events.refusedAt}`),
  ) as SQL;
}

export async function countPendingApproval(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(events).where(pendingApprovalCondition());
  return row?.count ?? 0;
}

/** The event if it waits in the queue, locked for the decision (approve or refuse). */
export async function lockPendingEvent(tx: Executor, id: string): Promise<EventRow | null> {
  const [row] = await tx
    .select()
    .from(events)
    .where(and(eq(events.id, id), pendingApprovalCondition()))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function markRefused(tx: Executor, id: string, reason: string): Promise<EventRow | null> {
  // The event comes back to the queue when its organiser submits it again (decision 038).
  const [row] = await tx
    .update(events)
    .set({
      refusedAt: sql`greatest(now(), ${events.submittedForApprovalAt} + interval '1 microsecond')`,
      refusalReason: reason,
    })
    .where(eq(events.id, id))
    .returning();
  return row ?? null;
}

/** How to reach the organiser: e-mail first, else phone. */
export async function findOrganiserContact(
  db: Executor,
  userId: string,
): Promise<{ email: string | null; phone: string | null; firstName: string } | null> {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Submits a draft for approval (decision 038): answers the row, or null when it is no longer a
 * draft. A later submission than the last refusal puts it back in the queue.
 */
export async function markSubmitted(tx: Executor, id: string): Promise<EventRow | null> {
  const [row] = await tx
    .update(events)
    .set({ submittedForApprovalAt: sql`greatest(now(), ${events.refusedAt} + interval '1 microsecond')` })
    .where(and(eq(events.id, id), eq(events.status, 'draft')))
    .returning();
  return row ?? null;
}
