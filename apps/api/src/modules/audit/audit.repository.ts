import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema/index';

export interface AuditEntry {
  actorId: string | null;
  /** What was done, e.g. 'admin.approve', 'waitlist.delete', 'settings.update'. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Appends to the audit log. Rows are never updated or deleted. */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export async function listAuditFor(db: Database, targetType: string, targetId: string, limit = 20) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}

export async function listAuditBy(db: Database, actorId: string, limit = 20) {
  return db.select().from(auditLog).where(eq(auditLog.actorId, actorId)).orderBy(desc(auditLog.createdAt)).limit(limit);
}
