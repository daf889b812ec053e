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
  icon: string;
}

/** The sidebar of spec §2, in its order, with the permission each entry needs. */
export const PRIMARY_NAV: readonly NavEntry[] = [
  { id: 'accueil', path: '', permission: null, icon: '⌂' },
  { id: 'evenements', path: 'events', permission: 'manage_events', icon: '📅' },
  { id: 'transactions', path: 'transactions', permission: 'manage_transactions', icon: '💳' },
  { id: 'partenaires', path: 'partners', permission: 'manage_partners', icon: '🤝' },
  { id: 'publicites', path: 'ads', permission: 'manage_ads', icon: '📣' },
  { id: 'messagerie', path: 'messages', permission: 'manage_chats', icon: '💬' },
  { id: 'liste-d-attente', path: 'waitlist', permission: 'manage_users', icon: '📝' },
  { id: 'utilisateurs', path: 'users', permission: 'manage_users', icon: '👥' },
  { id: 'statistiques', path: 'stats', permission: 'manage_users', icon: '📊' },
  { id: 'business', path: 'business', permission: 'manage_business', icon: '🏢' },
  { id: 'parrainage', path: 'referrals', permission: 'manage_referrals', icon: '🔗' },
  { id: 'recompenses', path: 'rewards', permission: 'manage_rewards', icon: '🎁' },
  { id: 'regles-recompense', path: 'reward-rules', permission: 'manage_rewards', icon: '📏' },
];

/** Secondary entries; 'english' and 'Log Out' are actions, shown to everyone. */
export const SECONDARY_NAV: readonly NavEntry[] = [
  { id: 'administration', path: 'administration', permission: 'manage_admins', icon: '🛡' },
  { id: 'roles', path: 'roles', permission: 'manage_admins', icon: '🔑' },
  { id: 'signalements', path: 'reports', permission: 'manage_users', icon: '🚩' },
  // Not in the spec's sidebar, but the settings screen needs an entry; superadmins hold manage_admins.
  { id: 'parametres', path: 'settings', permission: 'manage_admins', icon: '⚙' },
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
