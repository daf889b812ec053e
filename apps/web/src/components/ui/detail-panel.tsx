import type { ReactNode } from 'react';

interface DetailPanelProps {
  /** The id of the panel's heading (its accessible name). */
  labelledBy: string;
  backLabel: string;
  onBack: () => void;
  /** The back button on every width; by default only below `lg`, where the list is hidden. */
  backAlways?: boolean;
  children: ReactNode;
}

/** The box of a list's detail (users, partners, administrators): '← Retour' to the list, then the detail. */
export function DetailPanel({ labelledBy, backLabel, onBack, backAlways = false, children }: DetailPanelProps) {
  return (
    <section aria-labelledby={labelledBy} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <button
        type="button"
        onClick={onBack}
        className={`mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline ${backAlways ? '' : 'lg:hidden'}`}
      >
        <span aria-hidden="true">←</span> {backLabel}
      </button>
      {children}
    </section>
  );
}
