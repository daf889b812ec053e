import type { ReactNode } from 'react';

interface SiteBarProps {
  /** The row's width and spacing, matching the page's column (e.g. 'max-w-md'). */
  className: string;
  /** The links on the right. */
  children: ReactNode;
}

/** The top bar of the pages outside the back office: the site's name, a link home, and the page's links on the right. */
export function SiteBar({ className, children }: SiteBarProps) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={`mx-auto flex items-center justify-between px-4 py-3 ${className}`}>
        <a
          href="/"
          className="rounded text-base font-bold text-brand-700 sm:text-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Évènements Cameroun
        </a>
        {children}
      </div>
    </header>
  );
}

/** The 'back to the home page' link of a SiteBar. */
export function HomeLink({ children }: { children: ReactNode }) {
  return (
    <a
      href="/"
      className="rounded text-sm font-medium whitespace-nowrap text-slate-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {children}
    </a>
  );
}
