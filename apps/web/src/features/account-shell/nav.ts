import { paths } from '../../config/paths';
import type { accountShellMessages } from './messages';

export interface AccountNavEntry {
  id: keyof typeof accountShellMessages.fr;
  to: string;
  /** Only this exact path marks the entry as current (the home, whose path prefixes the others). */
  end?: boolean;
}

/**
 * The account space's sections, in order: the top bar's links on a desktop, the bottom tab bar on
 * a phone. A screen's entry is added when the screen exists.
 */
export const ACCOUNT_NAV: AccountNavEntry[] = [
  { id: 'home', to: paths.account, end: true },
  { id: 'myEvents', to: paths.organiser.events },
  { id: 'participations', to: paths.participations },
  { id: 'premium', to: paths.premium },
  { id: 'profile', to: paths.profile },
];
