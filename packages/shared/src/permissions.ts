/** Back-office permissions. Checks are by inclusion in the user's effective list. */
export const PERMISSIONS = [
  'manage_users',
  'manage_events',
  'manage_partners',
  'manage_transactions',
  'manage_ads',
  'manage_chats',
  'validate_admins',
  'manage_business',
  'manage_referrals',
  'manage_rewards',
  'manage_admins',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['user', 'admin', 'partner', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const ADMIN_ROLES: readonly Role[] = ['admin', 'superadmin'];

/** What a route requires: anyone, any signed-in account, or one permission. */
export type Access = 'public' | 'authenticated' | Permission;

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Effective permissions: a superadmin holds all; an admin holds
 * its list only while validated and not blocked; every other role holds none.
 */
export function effectivePermissions(user: {
  role: Role;
  permissions: readonly string[];
  isAdminValidated: boolean;
  isBlocked: boolean;
}): Permission[] {
  if (user.isBlocked) return [];
  if (user.role === 'superadmin') return [...PERMISSIONS];
  if (user.role === 'admin' && user.isAdminValidated) return user.permissions.filter(isPermission);
  return [];
}
