import type { ReactNode } from 'react';

/** One fact of a detail panel, inside a `<dl>`: a small label above its value; `wide` spans two columns from `sm`. */
export function DetailField({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}
