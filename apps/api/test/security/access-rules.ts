import { isPermission, type Permission } from '@app/shared/permissions';
import type { ApiRoute, Identity } from './harness';

/**
 * Routes declared `authenticated` whose service then requires one of these permissions (checked
 * before anything else, so a non-holder gets 403 even for an unknown id). Keep this list small:
 * a new entry needs a reason.
 */
export const SERVICE_CHECKED: Record<string, { holders: Permission[]; reason: string }> = {
  'GET /api/users': {
    holders: ['manage_users'],
    reason: 'the same list serves users (manage_users) and, with role=admin, administrators (manage_admins or validate_admins)',
  },
  'GET /api/users/:id': {
    holders: ['manage_users', 'manage_admins', 'validate_admins'],
    reason: 'reading an account needs the permission that manages its kind (admin or user)',
  },
  'GET /api/users/:id/audit': {
    holders: ['manage_users', 'manage_admins', 'validate_admins'],
    reason: 'same rule as reading the account',
  },
  'PUT /api/users/:id': {
    holders: ['manage_admins', 'validate_admins'],
    reason: 'approving (validate_admins) and editing rights (manage_admins) share one call of the API',
  },
  'PUT /api/users/:id/:action': {
    holders: ['manage_admins', 'manage_users'],
    reason: 'blocking an administrator needs manage_admins, a user manage_users',
  },
  'PATCH /api/users/:id/unblock': {
    holders: ['manage_admins', 'manage_users'],
    reason: 'same rule as blocking',
  },
  'GET /api/reports': {
    holders: ['manage_users', 'manage_admins'],
    reason: 'reports on users are handled with manage_users, reports on administrators with manage_admins',
  },
  'PUT /api/reports/:id/:action': {
    holders: ['manage_users', 'manage_admins'],
    reason: 'same rule as the queue',
  },
  'DELETE /api/users/:id': {
    holders: ['manage_admins', 'manage_users'],
    reason: 'revoking an administrator needs manage_admins, deleting a user manage_users',
  },
};

/** The codes of the access hook's refusals; a service's own 401/403 (wrong password…) has another code. */
export const ACCESS_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN']);

export function codeOf(response: { json(): unknown }): string {
  try {
    return String((response.json() as { code?: unknown }).code);
  } catch {
    return '';
  }
}

export type Expectation = 'allowed' | 401 | 403;

/** What the declaration (and the small service list above) promises for one identity. */
export function expected(route: ApiRoute, identity: Identity): Expectation {
  if (route.access === 'public') return 'allowed';
  if (!identity.signedIn) return 401;
  if (route.access === 'authenticated') {
    const refined = SERVICE_CHECKED[route.key];
    if (!refined) return 'allowed';
    return refined.holders.some((permission) => identity.permissions.includes(permission)) ? 'allowed' : 403;
  }
  if (!isPermission(route.access)) throw new Error(`${route.key}: unknown access ${route.access}`);
  return identity.permissions.includes(route.access) ? 'allowed' : 403;
}
