import { pageWindow } from '../../db/page-window';
import { and, desc, eq, inArray, not, type SQL, sql } from 'drizzle-orm';
import { ADMIN_ROLES } from '@app/shared/permissions';
import type { AdminCounts } from '@app/shared/admins';
import { boundedCount } from '../../db/bounded-count';
import { pageAndTotal } from '../../db/page-and-total';
import type { Database, Executor } from '../../db/client';
import { pageIdsOf } from '../../db/page-ids';
import { users } from '../../db/schema/index';
import { phoneOrTextCondition, phoneOrTextSearch } from '../../db/contains-condition';
import type { UserRow } from '../../db/schema/index';

export type UserListRole = 'admin' | 'user' | 'partner';
export type UserListStatus = 'all' | 'validated' | 'pending' | 'blocked' | 'active';

export interface UserListFilter {
  role: UserListRole;
  q?: string;
  status: UserListStatus;
  /** Users only: with open reports or without. */
  reports?: 'all' | 'reported' | 'not_reported';
  page: number;
  limit: number;
}

function roleCondition(role: UserListRole): SQL {
  return role === 'admin' ? inArray(users.role, [...ADMIN_ROLES]) : eq(users.role, role);
}

/**
 * Accent- and case-insensitive match on names, e-mail, username and phone (the stored `search_text`);
 * a phone in any written form ('+237 6 99 00 11 33') is found too, and the trigrams every account
 * shares ('nom' of 'prénom…' and 'nom…') are left out of the index's lookup (phoneOrTextSearch).
 */
async function searchCondition(db: Executor, q: string | undefined): Promise<SQL | undefined> {
  if (!q) return undefined;
  return phoneOrTextSearch(db, users, users.searchText, q);
}

/** validated/pending/blocked for administrators; active/blocked/pending of `userStatus` for the other roles. */
function statusCondition(role: UserListRole, status: UserListStatus): SQL | undefined {
  if (status === 'all') return undefined;
  if (role === 'admin') {
    if (status === 'validated') return eq(users.isAdminValidated, true);
    if (status === 'blocked') return and(eq(users.isAdminValidated, false), eq(users.isBlocked, true));
    if (status === 'pending') return and(eq(users.isAdminValidated, false), eq(users.isBlocked, false));
    return sql`false`;
  }
  if (status === 'blocked') return eq(users.isBlocked, true);
  if (status === 'active') return and(eq(users.isBlocked, false), eq(users.isVerified, true));
  if (status === 'pending') return and(eq(users.isBlocked, false), eq(users.isVerified, false));
  return sql`false`;
}

function reportsCondition(role: UserListRole, reports: UserListFilter['reports']): SQL | undefined {
  if (role === 'admin' || !reports || reports === 'all') return undefined;
  // 'reported' is served by the partial index users_reported_idx.
  return reports === 'reported' ? sql`${users.openReportsCount} > 0` : sql`${users.openReportsCount} = 0`;
}

export async function listUsers(db: Database, filter: UserListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const search = await searchCondition(db, filter.q);
  const where = and(
    roleCondition(filter.role),
    search,
    statusCondition(filter.role, filter.status),
    reportsCondition(filter.role, filter.reports),
  );
  const order = [desc(users.createdAt), desc(users.id)];
  return pageAndTotal(db, {
    search: search && { table: users, condition: search },
    page: (executor) => {
      const pageIds = pageIdsOf(executor, users.id, where, order, pageWindow(filter));
      return executor
        .select()
        .from(users)
        .where(inArray(users.id, pageIds))
        .orderBy(...order);
    },
    count: (executor) => boundedCount(executor, users, where),
  });
}

/** Administrators per status (validated, pending, blocked), the search applied. One query. */
export async function countAdminsByStatus(db: Database, q?: string): Promise<AdminCounts> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      validated: sql<number>`count(*) filter (where ${users.isAdminValidated})::int`,
      blocked: sql<number>`count(*) filter (where not ${users.isAdminValidated} and ${users.isBlocked})::int`,
      pending: sql<number>`count(*) filter (where not ${users.isAdminValidated} and not ${users.isBlocked})::int`,
    })
    .from(users)
    .where(and(roleCondition('admin'), q ? phoneOrTextCondition(users.searchText, q) : undefined));
  return row ?? { all: 0, validated: 0, blocked: 0, pending: 0 };
}

/** The account, locked until the end of the transaction, so checks and write see the same row. */
export async function lockUserById(db: Pick<Database, 'select'>, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row ?? null;
}

export type UserPatch = Partial<Pick<UserRow, 'permissions' | 'isAdminValidated' | 'isBlocked' | 'role'>>;

/** Updates an account unless it became a superadmin meanwhile; null when nothing matched. */
export async function updateManagedUser(db: Pick<Database, 'update'>, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.id, id), not(eq(users.role, 'superadmin'))))
    .returning();
  return row ?? null;
}

/** Deletes an account that is not a superadmin; its sessions and codes go with it (cascade). */
export async function deleteManagedUser(db: Pick<Database, 'delete'>, id: string): Promise<UserRow | null> {
  const [row] = await db
    .delete(users)
    .where(and(eq(users.id, id), not(eq(users.role, 'superadmin'))))
    .returning();
  return row ?? null;
}

export async function insertAdmin(
  db: Pick<Database, 'insert'>,
  values: { firstName: string; lastName: string; email: string; passwordHash: string; permissions: string[] },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'admin', isAdminValidated: true, isVerified: true, emailVerified: true })
    .returning();
  if (!row) throw new Error('admin not inserted');
  return row;
}
