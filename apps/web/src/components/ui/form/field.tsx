import type { ReactNode } from 'react';

/** The ids that tie a control to its error and hint, for screen readers; `aria-invalid` when in error. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** A field's error under its control (`{id}-error`, the id `describedBy` points to). */
function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

interface FieldProps {
  /** The control's id: the label points to it, its hint and error are `{id}-hint` and `{id}-error`. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** A red asterisk after the label (the control itself carries `aria-required`). */
  required?: boolean;
  /** '(optionnel)' or its translation, after the label. */
  optionalText?: string;
  className?: string;
  /** The label's classes, when it should not look like a form's label (e.g. a list's compact filters). */
  labelClassName?: string;
  children: ReactNode;
}

/** A label above its control, then the control's hint and error. */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  optionalText,
  className,
  labelClassName = 'mb-1 block text-sm font-medium text-slate-700',
  children,
}: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
        {required ? (
          <>
            {' '}
            <span aria-hidden="true" className="text-red-600">
              *
            </span>
          </>
        ) : null}
        {optionalText ? <span className="font-normal text-slate-500"> ({optionalText})</span> : null}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
