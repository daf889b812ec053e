/**
 * The back office's administrator statuses, permission groups and user filters, without zod, so
 * its lists load no schema library. `admins.ts` re-exports them.
 */
import type { Permission } from './permissions';

/**
 * Administrator account status: validated if isAdminValidated; else blocked if
 * isBlocked; else pending. Blocking an administrator withdraws its validation, so a blocked one
 * shows BLOQUÉ and, once unblocked, waits for a new approval (EN ATTENTE).
 */
export const ADMIN_STATUSES = ['validated', 'pending', 'blocked'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export function adminStatus(user: { isAdminValidated: boolean; isBlocked: boolean }): AdminStatus {
  if (user.isAdminValidated) return 'validated';
  if (user.isBlocked) return 'blocked';
  return 'pending';
}

/** The eleven permissions, grouped for the rights checklist. */
export const PERMISSION_GROUPS: { id: string; permissions: Permission[] }[] = [
  { id: 'content', permissions: ['manage_events', 'manage_partners', 'manage_business'] },
  { id: 'people', permissions: ['manage_users', 'manage_chats'] },
  { id: 'money', permissions: ['manage_transactions', 'manage_ads', 'manage_referrals', 'manage_rewards'] },
  { id: 'administration', permissions: ['validate_admins', 'manage_admins'] },
];

export const USER_REPORT_FILTERS = ['all', 'reported', 'not_reported'] as const;
export type UserReportFilter = (typeof USER_REPORT_FILTERS)[number];
