import { NAV_LINKS } from './landing-content';

/**
 * Header with the section anchors and the agenda. On a phone the links sit in a <details> menu,
 * which opens without JavaScript too; `islands.ts` closes it when a link is chosen.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="#accueil" className="flex items-center gap-2 font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Navigation principale" className="hidden md:block">
          <ul className="flex items-center gap-1 text-sm font-medium text-slate-700">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a className="rounded-md px-3 py-2 hover:bg-brand-50 hover:text-brand-800" href={link.href}>
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a className="rounded-md px-3 py-2 hover:bg-brand-50 hover:text-brand-800" href="/evenements">
                Agenda
              </a>
            </li>
            <li>
              <a className="ml-2 rounded-md bg-brand-700 px-3 py-2 text-white hover:bg-brand-800" href="#inscription">
                Rejoindre la liste
              </a>
            </li>
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
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a className="block rounded-md px-4 py-3 hover:bg-brand-50" href={link.href}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a className="block rounded-md px-4 py-3 hover:bg-brand-50" href="/evenements">
                  Agenda
                </a>
              </li>
              <li>
                <a className="mt-1 block rounded-md bg-brand-700 px-4 py-3 text-white" href="#inscription">
                  Rejoindre la liste
                </a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
