import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

/** A table that scrolls sideways inside its box on narrow screens rather than widening the page. */
export function Table({ caption, children, className = '' }: { caption?: string; children: ReactNode; className?: string }) {
  return (
    <div className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        {children}
      </table>
    </div>
  );
}

export function THead({ children }: { children: ReactNode }) {
  return <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">{children}</thead>;
}

export function TBody({ children }: { children: ReactNode }) {
  return <tbody className="divide-y divide-slate-100">{children}</tbody>;
}

export function Th({ className = '', ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  const wrap = className.includes('whitespace-') ? '' : 'whitespace-nowrap';
  return <th scope="col" className={`px-4 py-3 ${wrap} ${className}`} {...props} />;
}

export function Td({ className = '', ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-4 py-3 align-middle text-slate-800 ${className}`} {...props} />;
}
