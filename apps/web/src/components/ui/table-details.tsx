import type { ReactNode } from 'react';

/**
 * A chart's figures as a table behind a « show the table » summary, for screen readers and anyone
 * who prefers figures. `scroll` keeps a long table in a box of its own height.
 */
export function TableDetails({ label, scroll = false, children }: { label: string; scroll?: boolean; children: ReactNode }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">{label}</summary>
      {scroll ? (
        // A box that scrolls is reached by the keyboard too (its arrows scroll it), with the outline it shows there.
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WCAG 2.1.1, a scrolling region must take the focus (axe scrollable-region-focusable).
          tabIndex={0}
          className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {children}
        </div>
      ) : (
        <div className="mt-2 rounded-lg border border-slate-200">{children}</div>
      )}
    </details>
  );
}
