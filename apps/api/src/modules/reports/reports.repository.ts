import { pageWindow } from '../../db/page-window';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor, Tx } from '../../db/client';
import { phoneOrTextCondition } from '../../db/contains-condition';
import { pageIdsOf } from '../../db/page-ids';
import {
  type ConversationEvidence,
  conversationMessages,
  eventComments,
  events,
  userReports,
  users,
} from '../../db/schema/index';

/*
 * The only file of the reports module that talks to the database. `users.open_reports_count`
 * moves in the same transaction as the open reports of that account.
 */

export type ReportRow = typeof userReports.$inferSelect;
/** Which targets a moderator sees: users (`manage_users`), administrators (`manage_admins`) or both. */
export type ReportScope = 'users' | 'admins' | 'all';

const reporter = alias(users, 'reporter');
const target = alias(users, 'target');

const reportColumns = {
  report: userReports,
  reporterId: reporter.id,
  reporterFirstName: reporter.firstName,
  reporterLastName: reporter.lastName,
  reporterUsername: reporter.username,
  reporterEmail: reporter.email,
  reporterAvatar: reporter.avatar,
  targetFirstName: target.firstName,
  targetLastName: target.lastName,
  targetUsername: target.username,
  targetEmail: target.email,
  targetPhone: target.phone,
  targetAvatar: target.avatar,
  targetRole: target.role,
  targetIsBlocked: target.isBlocked,
  eventTitle: events.title,
  eventShortId: events.shortId,
  eventIsPublic: events.isPublic,
  commentText: eventComments.text,
};
export type ReportWithPeople = {
  report: ReportRow;
  reporterId: string | null;
  reporterFirstName: string | null;
  reporterLastName: string | null;
  reporterUsername: string | null;
  reporterEmail: string | null;
  reporterAvatar: string | null;
  targetFirstName: string;
  targetLastName: string;
  targetUsername: string | null;
  targetEmail: string | null;
  targetPhone: string | null;
  targetAvatar: string | null;
  targetRole: 'user' | 'admin' | 'partner' | 'superadmin';
  targetIsBlocked: boolean;
  eventTitle: string | null;
  eventShortId: string | null;
  eventIsPublic: boolean | null;
  commentText: string | null;
};

/** Served with the status by the partial index `user_reports_queue_idx (target_is_admin, created_at)`. */
function scopeCondition(scope: ReportScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return eq(userReports.targetIsAdmin, scope === 'admins');
}

function withPeople(db: Executor) {
  return db
    .select(reportColumns)
    .from(userReports)
    .innerJoin(target, eq(target.id, userReports.targetId))
    .leftJoin(reporter, eq(reporter.id, userReports.reporterId))
    .leftJoin(events, eq(events.id, userReports.eventId))
    .leftJoin(eventComments, eq(eventComments.id, userReports.commentId));
}

/** Inserts an open report unless the reporter already has one on that target; null then. */
export async function insertOpenReport(
  tx: Tx,
  values: {
    reporterId: string;
    targetId: string;
    targetIsAdmin: boolean;
    reason: string;
    details: string | null;
    targetType: ReportRow['targetType'];
    subjectId: string;
    eventId?: string | null;
    commentId?: string | null;
    conversationId?: string | null;
    evidence?: ConversationEvidence | null;
  },
): Promise<ReportRow | null> {
  const [row] = await tx.insert(userReports).values(values).onConflictDoNothing().returning();
  if (!row) return null;
  await tx
    .update(users)
    .set({ openReportsCount: sql`${users.openReportsCount} + 1` })
    .where(eq(users.id, values.targetId));
  return row;
}

export async function findReport(db: Executor, id: string): Promise<ReportWithPeople | null> {
  const [row] = await withPeople(db).where(eq(userReports.id, id)).limit(1);
  return (row as ReportWithPeople | undefined) ?? null;
}

/**
 * The open queue ('Signalements'), newest first, served by the partial index `user_reports_queue_idx`.
 * Reports of conversations are handled in 'Messagerie' (decision 064), not here.
 */
export async function listOpenReports(
  db: Database,
  scope: ReportScope,
  page: number,
  limit: number,
): Promise<{ rows: ReportWithPeople[]; total: number }> {
  const where = and(eq(userReports.status, 'open'), ne(userReports.targetType, 'conversation'), scopeCondition(scope));
  const order = [desc(userReports.createdAt), desc(userReports.id)];
  // The page's ids first, then their two accounts: joined before the page is cut, PostgreSQL
  // hashes the whole users table (figures: docs/scaling.md, 'Figures behind the code').
  const pageIds = pageIdsOf(db, userReports.id, where, order, pageWindow({ page, limit }));
  const [rows, [count]] = await Promise.all([
    withPeople(db)
      .where(inArray(userReports.id, pageIds))
      .orderBy(...order),
    db.select({ total: sql<number>`count(*)::int` }).from(userReports).where(where),
  ]);
  return { rows: rows as ReportWithPeople[], total: count?.total ?? 0 };
}

const searchedPeople = alias(users, 'searched');

/**
 * 'Messagerie' › 'Signalées' (decision 064): the open reports of conversations, newest first, on
 * `user_reports_open_kind_idx`; `search` finds the reporter or the reported person (their name,
 * username, e-mail or phone, on the accounts' trigram index). One more row than asked says more follow.
 */
export async function listOpenConversationReports(
  db: Executor,
  scope: ReportScope,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<ReportWithPeople[]> {
  const people = search
    ? sql`(select ${searchedPeople.id} from ${users} ${searchedPeople} where ${phoneOrTextCondition(searchedPeople.searchText, search)})`
    : undefined;
  const where = and(
    eq(userReports.status, 'open'),
    eq(userReports.targetType, 'conversation'),
    scopeCondition(scope),
    people ? or(sql`${userReports.targetId} in ${people}`, sql`${userReports.reporterId} in ${people}`) : undefined,
  );
  const order = [desc(userReports.createdAt), desc(userReports.id)];
  const pageIds = pageIdsOf(db, userReports.id, where, order, { limit: page.limit + 1, offset: page.offset });
  const rows = await withPeople(db)
    .where(inArray(userReports.id, pageIds))
    .orderBy(...order);
  return rows as ReportWithPeople[];
}

/**
 * The last `limit` messages `senderId` wrote in a conversation, oldest first (the evidence of a
 * report, decision 064), on the thread's index `(conversation_id, created_at desc, id desc)`.
 */
export async function lastMessagesBy(db: Executor, conversationId: string, senderId: string, limit: number) {
  const rows = await db
    .select({ id: conversationMessages.id, text: conversationMessages.text, createdAt: conversationMessages.createdAt })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        eq(conversationMessages.senderId, senderId),
        eq(conversationMessages.fromTeam, false),
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Every report on an account, newest first (the Signalements tab). */
export async function listReportsOn(db: Executor, targetId: string, limit: number): Promise<ReportWithPeople[]> {
  const rows = await withPeople(db)
    .where(eq(userReports.targetId, targetId))
    .orderBy(desc(userReports.createdAt), desc(userReports.id))
    .limit(limit);
  return rows as ReportWithPeople[];
}

/** Closes one open report; false when it was no longer open. */
export async function closeReport(
  tx: Tx,
  id: string,
  status: 'dismissed' | 'actioned',
  actorId: string,
): Promise<ReportRow | null> {
  const [row] = await tx
    .update(userReports)
    .set({ status, resolvedAt: new Date(), resolvedBy: actorId })
    .where(and(eq(userReports.id, id), eq(userReports.status, 'open')))
    .returning();
  if (!row) return null;
  await tx
    .update(users)
    .set({ openReportsCount: sql`greatest(${users.openReportsCount} - 1, 0)` })
    .where(eq(users.id, row.targetId));
  return row;
}

/** Closes every open report on one comment (a moderator removed it); answers how many. */
export async function closeOpenReportsOnComment(tx: Tx, commentId: string, actorId: string): Promise<number> {
  const rows = await tx
    .update(userReports)
    .set({ status: 'actioned', resolvedAt: new Date(), resolvedBy: actorId })
    .where(and(eq(userReports.targetType, 'comment'), eq(userReports.subjectId, commentId), eq(userReports.status, 'open')))
    .returning({ id: userReports.id, targetId: userReports.targetId });
  for (const row of rows) {
    await tx
      .update(users)
      .set({ openReportsCount: sql`greatest(${users.openReportsCount} - 1, 0)` })
      .where(eq(users.id, row.targetId));
  }
  return rows.length;
}

/** Closes every open report on an account (it was blocked); answers how many. */
export async function closeOpenReportsOn(tx: Tx, targetId: string, actorId: string): Promise<number> {
  const rows = await tx
    .update(userReports)
    .set({ status: 'actioned', resolvedAt: new Date(), resolvedBy: actorId })
    .where(and(eq(userReports.targetId, targetId), eq(userReports.status, 'open')))
    .returning({ id: userReports.id });
  if (rows.length > 0) {
    await tx
      .update(users)
      .set({ openReportsCount: sql`greatest(${users.openReportsCount} - ${rows.length}, 0)` })
      .where(eq(users.id, targetId));
  }
  return rows.length;
}

/** Before an account is deleted: its open reports on others leave their counters. */
export async function releaseReportsBy(tx: Tx, reporterId: string): Promise<void> {
  await tx.execute(sql`
    update ${users} set open_reports_count = greatest(open_reports_count - mine.n, 0)
    from (select ${userReports.targetId} as target_id, count(*)::int as n from ${userReports}
          where ${userReports.reporterId} = ${reporterId} and ${userReports.status} = 'open' group by 1) as mine
    where ${users.id} = mine.target_id`);
}

export async function findAccount(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role, isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}
