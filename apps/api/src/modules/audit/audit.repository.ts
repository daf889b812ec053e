import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { auditLog, users } from '../../db/schema/index';

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

/**
 * The latest entries an account is involved in, as actor or as target (`targetType` 'user'),
 * with the names of both sides while their accounts exist. Served by the two audit indexes.
 */
export async function listAuditInvolving(db: Database, userId: string, limit = 20) {
  const actor = alias(users, 'actor');
  const target = alias(users, 'target');
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetFirstName: target.firstName,
      targetLastName: target.lastName,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, and(eq(auditLog.targetType, 'user'), eq(sql`${target.id}::text`, auditLog.targetId)))
    .where(or(eq(auditLog.actorId, userId), and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
