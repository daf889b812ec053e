import type { Permission } from '@app/shared/permissions';
import { ADMIN_SEGMENTS, type AdminSegment, paths } from '../../config/paths';

export type NavId =
  | 'accueil'
  | 'evenements'
  | 'transactions'
  | 'partenaires'
  | 'publicites'
  | 'messagerie'
  | 'liste-d-attente'
  | 'utilisateurs'
  | 'statistiques'
  | 'business'
  | 'parrainage'
  | 'recompenses'
  | 'regles-recompense'
  | 'administration'
  | 'roles'
  | 'signalements'
  | 'parametres';

export interface NavEntry {
  id: NavId;
  /** Segment under /admin ('' is the home). */
  path: AdminSegment;
  permission: Permission | null;
}

/** The sidebar, in its order, with the permission each entry needs. */
export const PRIMARY_NAV: readonly NavEntry[] = [
  { id: 'accueil', path: ADMIN_SEGMENTS.home, permission: null },
  { id: 'evenements', path: ADMIN_SEGMENTS.events, permission: 'manage_events' },
  { id: 'transactions', path: ADMIN_SEGMENTS.transactions, permission: 'manage_transactions' },
  { id: 'partenaires', path: ADMIN_SEGMENTS.partners, permission: 'manage_partners' },
  { id: 'publicites', path: ADMIN_SEGMENTS.ads, permission: 'manage_ads' },
  { id: 'messagerie', path: ADMIN_SEGMENTS.messages, permission: 'manage_chats' },
  { id: 'liste-d-attente', path: ADMIN_SEGMENTS.waitlist, permission: 'manage_users' },
  { id: 'utilisateurs', path: ADMIN_SEGMENTS.users, permission: 'manage_users' },
  { id: 'statistiques', path: ADMIN_SEGMENTS.stats, permission: 'manage_users' },
  { id: 'business', path: ADMIN_SEGMENTS.business, permission: 'manage_business' },
  { id: 'parrainage', path: ADMIN_SEGMENTS.referrals, permission: 'manage_referrals' },
  { id: 'recompenses', path: ADMIN_SEGMENTS.rewards, permission: 'manage_rewards' },
  { id: 'regles-recompense', path: ADMIN_SEGMENTS.rewardRules, permission: 'manage_rewards' },
];

/** Secondary entries; 'english' and 'Log Out' are actions, shown to everyone. */
export const SECONDARY_NAV: readonly NavEntry[] = [
  { id: 'administration', path: ADMIN_SEGMENTS.administration, permission: 'manage_admins' },
  { id: 'roles', path: ADMIN_SEGMENTS.roles, permission: 'manage_admins' },
  { id: 'signalements', path: ADMIN_SEGMENTS.reports, permission: 'manage_users' },
  // Not in the spec's sidebar, but the settings screen needs an entry; superadmins hold manage_admins.
  { id: 'parametres', path: ADMIN_SEGMENTS.settings, permission: 'manage_admins' },
];

/** Entries the user may see: those without a permission, plus those whose permission it holds. */
export function visibleEntries(entries: readonly NavEntry[], permissions: readonly string[] | null | undefined): NavEntry[] {
  return entries.filter((entry) => entry.permission === null || (permissions ?? []).includes(entry.permission));
}

/** The entry a path under /admin belongs to, for the breadcrumb. */
export function entryForPath(pathname: string): NavEntry | null {
  const segment = pathname.slice(paths.admin.root.length).replace(/^\//, '').split('/')[0] ?? '';
  return [...PRIMARY_NAV, ...SECONDARY_NAV].find((entry) => entry.path === segment) ?? null;
}
