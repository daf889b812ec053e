import { SESSION_FLAG_SCRIPT } from '@app/shared/session-flag';
import { NAV_LINKS } from './landing-content';

/** The account links (decision 026): shown by the session flag, 'Se connecter' without one. */
const SIGN_IN = { href: '/GetStarted', label: 'Se connecter' };
const ACCOUNT = { href: '/mon-compte', label: 'Mon compte' };
/** The organiser space (decision 043): the account's events, for signed-in visitors too. */
const ORGANISER = { href: '/mon-compte/evenements', label: 'Espace organisateur' };

/**
 * Header with the section anchors, the agenda and the account link. On a phone the links sit in a
 * <details> menu, which opens without JavaScript too; `islands.ts` closes it when a link is chosen.
 * The inline script first sets the session flag (decision 026, allowed by its hash in the CSP), so
 * 'Se connecter' or 'Espace organisateur' and 'Mon compte' show from the first paint; 'Se connecter'
 * or 'Espace organisateur' joins the wide header from 1280 px, where there is room for one of them,
 * and all are in the phone menu.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* A constant of this code (SESSION_FLAG_SCRIPT), allowed by its hash in the CSP. */}
      <script dangerouslySetInnerHTML={{ __html: SESSION_FLAG_SCRIPT }} />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="#accueil" className="flex items-center gap-2 font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1 text-sm font-medium text-slate-700">
            <HeaderLinks place="wide" />
          </ul>
        </nav>
        <details data-menu="" className="group md:hidden">
          <summary className="flex h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 [&::-webkit-details-marker]:hidden">
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
              <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
            </svg>
            Menu
          </summary>
          <nav aria-label="Navigation mobile" className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg">
            <ul className="flex flex-col p-2 text-base font-medium text-slate-800">
              <HeaderLinks place="menu" />
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

/** The classes of the header's links in the wide header and in the phone menu. */
const LINK_CLASSES = {
  wide: {
    link: 'rounded-md px-3 py-2 hover:bg-brand-50 hover:text-brand-800',
    signIn: 'hidden xl:block signed-in:hidden',
    // One account link fits beside the sections at 1280 px: the organiser space; 'Mon compte' is in the menu.
    organiser: 'hidden signed-in:xl:block',
    account: 'hidden',
    join: 'ml-2 rounded-md bg-brand-700 px-3 py-2 text-white hover:bg-brand-800',
  },
  menu: {
    link: 'block rounded-md px-4 py-3 hover:bg-brand-50',
    signIn: 'signed-in:hidden',
    organiser: 'hidden signed-in:block',
    account: 'hidden signed-in:block',
    join: 'mt-1 block rounded-md bg-brand-700 px-4 py-3 text-white',
  },
} as const;

/**
 * The header's links, wide or in the phone menu (the same links, their own classes): the sections,
 * the agenda, 'Se connecter' or 'Espace organisateur' and 'Mon compte' (by the session flag's
 * classes), then the call to join.
 */
function HeaderLinks({ place }: { place: keyof typeof LINK_CLASSES }) {
  const { link, signIn, organiser, account, join } = LINK_CLASSES[place];
  const links = [
    ...NAV_LINKS.map((entry) => ({ ...entry, item: undefined })),
    { href: '/evenements', label: 'Agenda', item: undefined },
    { ...SIGN_IN, item: signIn },
    { ...ORGANISER, item: organiser },
    { ...ACCOUNT, item: account },
  ];
  return (
    <>
      {links.map((entry) => (
        <li key={entry.href} className={entry.item}>
          <a className={link} href={entry.href}>
            {entry.label}
          </a>
        </li>
      ))}
      <li>
        <a className={join} href="#inscription">
          Rejoindre la liste
        </a>
      </li>
    </>
  );
}
