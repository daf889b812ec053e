import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';

/** One of the creation dialog's seven sections: a fieldset with its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-base font-semibold text-slate-900">{title}</legend>
      <div className="clear-left space-y-3">{children}</div>
    </fieldset>
  );
}

/**
 * The red box above the form. A refusal from the server (each new `failedAt`) brings it into view
 * and gives it the focus: a red border alone goes unseen.
 */
export function ErrorBanner({ failedAt, children }: { failedAt: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failedAt || !ref.current) return;
    ref.current.scrollIntoView({ block: 'nearest' });
    ref.current.focus({ preventScroll: true });
  }, [failedAt]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="scroll-mt-4 rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-red-700"
    >
      <Alert>{children}</Alert>
    </div>
  );
}

/** A checkbox with its label after it. */
export function Checkbox({ label, ...input }: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-slate-800">
      <input type="checkbox" className="size-4" {...input} />
      {label}
    </label>
  );
}
