import { type ReactNode, useEffect } from 'react';

interface ScreenProps {
  title: string;
  subtitle: string;
  /** On the right of the title, e.g. the screen's 'add' button. */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A back-office screen: a centred column headed by its title, subtitle and, if any, its main
 * action; the title is also the browser tab's.
 */
export function Screen({ title, subtitle, action, children }: ScreenProps) {
  useEffect(() => {
    document.title = `${title} · Évènements Cameroun`;
  }, [title]);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          <p className="text-sm text-slate-600">{subtitle}</p>
        </div>
        {action}
      </header>
      {children}
    </div>
  );
}
