import type { ReactNode } from 'react';

/**
 * A chart's figures as a table behind a « show the table » summary, for screen readers and anyone
 * who prefers figures. `scroll` keeps a long table in a box of its own height.
 */
export function TableDetails({ label, scroll = false, children }: { label: string; scroll?: boolean; children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">{label}</summary>
      <div className={`mt-2 rounded-lg border border-slate-200${scroll ? ' max-h-72 overflow-auto' : ''}`}>{children}</div>
    </details>
  );
}
