import type { AccountSection } from '../../components/layouts/account-section';
import { paths } from '../../config/paths';
import type { accountShellMessages } from './messages';

export type AccountNavId = keyof typeof accountShellMessages.fr;

export interface AccountNavEntry {
  id: AccountNavId;
  to: string;
  /** Only this exact path marks the entry as current (the home, whose path prefixes the others). */
  end?: boolean;
  /**
   * Only in the top bar of a wide screen (1024 px and more): the phone's tab bar holds five
   * entries at most; 'Mon compte' links to the screen for the other sizes.
   */
  wideOnly?: boolean;
}

/**
 * The account space's sections, in order: the top bar's links on a desktop, the bottom tab bar on
 * a phone. A screen's entry is added when the screen exists.
 */
export const ACCOUNT_NAV: AccountNavEntry[] = [
  { id: 'home', to: paths.account, end: true },
  { id: 'myEvents', to: paths.organiser.events },
  { id: 'participations', to: paths.participations },
  { id: 'ads', to: paths.campaigns, wideOnly: true },
  { id: 'premium', to: paths.premium },
  { id: 'profile', to: paths.profile },
];

/** An event's door: its organiser's and its door helpers' (who do not organise it). */
const DOOR_PATH = new RegExp(`^${paths.organiser.events}/[^/]+/entree/?$`);

/**
 * The entry shown as current. The screen's own word first (`section`, see `useAccountSection`);
 * else by the path — except an event's door, which is 'Mes évènements' only once the screen knows
 * the account organises the event: a door helper's door belongs to none of their sections.
 */
export function currentNavEntry(pathname: string, section: AccountSection = undefined): AccountNavId | null {
  if (section !== undefined) return ACCOUNT_NAV.some((entry) => entry.id === section) ? (section as AccountNavId) : null;
  if (DOOR_PATH.test(pathname)) return null;
  const path = pathname.replace(/\/+$/, '') || '/';
  const entry = ACCOUNT_NAV.find((candidate) =>
    candidate.end ? path === candidate.to : path === candidate.to || path.startsWith(`${candidate.to}/`),
  );
  return entry?.id ?? null;
}
