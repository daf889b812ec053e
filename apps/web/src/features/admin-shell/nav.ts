import type { Permission } from '@app/shared/permissions';

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
  /** Path under /admin ('' is the home). */
  path: string;
  permission: Permission | null;
}

/** The sidebar of spec §2, in its order, with the permission each entry needs. */
export const PRIMARY_NAV: readonly NavEntry[] = [
  { id: 'accueil', path: '', permission: null },
  { id: 'evenements', path: 'events', permission: 'manage_events' },
  { id: 'transactions', path: 'transactions', permission: 'manage_transactions' },
  { id: 'partenaires', path: 'partners', permission: 'manage_partners' },
  { id: 'publicites', path: 'ads', permission: 'manage_ads' },
  { id: 'messagerie', path: 'messages', permission: 'manage_chats' },
  { id: 'liste-d-attente', path: 'waitlist', permission: 'manage_users' },
  { id: 'utilisateurs', path: 'users', permission: 'manage_users' },
  { id: 'statistiques', path: 'stats', permission: 'manage_users' },
  { id: 'business', path: 'business', permission: 'manage_business' },
  { id: 'parrainage', path: 'referrals', permission: 'manage_referrals' },
  { id: 'recompenses', path: 'rewards', permission: 'manage_rewards' },
  { id: 'regles-recompense', path: 'reward-rules', permission: 'manage_rewards' },
];

/** Secondary entries; 'english' and 'Log Out' are actions, shown to everyone. */
export const SECONDARY_NAV: readonly NavEntry[] = [
  { id: 'administration', path: 'administration', permission: 'manage_admins' },
  { id: 'roles', path: 'roles', permission: 'manage_admins' },
  { id: 'signalements', path: 'reports', permission: 'manage_users' },
  // Not in the spec's sidebar, but the settings screen needs an entry; superadmins hold manage_admins.
  { id: 'parametres', path: 'settings', permission: 'manage_admins' },
];

/** Entries the user may see: those without a permission, plus those whose permission it holds. */
export function visibleEntries(entries: readonly NavEntry[], permissions: readonly string[] | null | undefined): NavEntry[] {
  return entries.filter((entry) => entry.permission === null || (permissions ?? []).includes(entry.permission));
}

/** The entry a path under /admin belongs to, for the breadcrumb. */
export function entryForPath(pathname: string): NavEntry | null {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return [...PRIMARY_NAV, ...SECONDARY_NAV].find((entry) => entry.path === segment) ?? null;
}
