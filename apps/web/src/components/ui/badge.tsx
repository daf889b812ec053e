import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'yellow' | 'red' | 'gray' | 'blue';

const TONES: Record<BadgeTone, string> = {
  green: 'bg-emerald-100 text-emerald-800 ring-emerald-200',
  yellow: 'bg-amber-100 text-amber-900 ring-amber-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
  gray: 'bg-slate-100 text-slate-700 ring-slate-200',
  blue: 'bg-sky-100 text-sky-800 ring-sky-200',
};

/** `wrap`: a long label may go on two lines (a narrow table column) rather than widen its box. */
export function Badge({ tone = 'gray', wrap = false, children }: { tone?: BadgeTone; wrap?: boolean; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center ${wrap ? 'rounded-xl' : 'whitespace-nowrap rounded-full'} px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
