import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { activities, auditLog, partnerActivities, partners } from '../../db/schema/index';

/** The audit log's row: who did what to which target, with what it was before and after. */
export interface AuditEntry {
  actorId: string | null;
  /** What was done, e.g. 'admin.approve', 'waitlist.delete', 'settings.update'. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** A line of an account's activities ('Activités', `recentActivity`). */
export interface AccountActivity {
  userId: string;
  type: (typeof activities.$inferInsert)['type'];
  description: string;
  eventId?: string | null;
  /** The comment it is about: the line goes with the comment (cascade). */
  commentId?: string | null;
}

/** A line of a partner's 'Activités' tab; it also moves the partner's `lastActivity`. */
export interface PartnerActivity {
  partnerId: string;
  actorId: string | null;
  type: string;
  description: string;
}

/** What a write leaves behind besides itself; any of the three, each at most once. */
export interface WriteRecord {
  audit?: AuditEntry;
  activity?: AccountActivity;
  partnerActivity?: PartnerActivity;
}

/**
 * Records a write: its audit row, the account's activity and the partner's activity, in the
 * write's own transaction (decision 036). It takes a transaction, never the database, so a
 * record cannot outlive a write that fails, nor a write commit without its record. The only
 * place the API inserts into `audit_log`, `activities` and `partner_activities` (the demo seeds
 * write their own, backdated).
 */
export async function recordWrite(tx: Tx, record: WriteRecord): Promise<void> {
  const { audit, activity, partnerActivity } = record;
  if (audit) await tx.insert(auditLog).values(audit);
  if (activity) await tx.insert(activities).values(activity);
  if (partnerActivity) {
    await tx.insert(partnerActivities).values(partnerActivity);
    await tx.update(partners).set({ lastActivity: new Date() }).where(eq(partners.id, partnerActivity.partnerId));
  }
}
