import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { inputClass } from '../../../components/ui/form/input-style';
import { useAuthT } from '../messages';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown before the input inside the same box (e.g. a fixed prefix). */
  addon?: ReactNode;
}

/** The ids that tie an input to its hint and error for screen readers. */
function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, errorId, hintId, describedBy };
}

/** Label above, then the control, then its hint and error. */
function FieldFrame({
  label,
  error,
  hint,
  hintClassName,
  ids,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  hintClassName: string;
  ids: ReturnType<typeof useFieldIds>;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <div id={ids.hintId} className={hintClassName}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its error (announced through aria-describedby). */
export function FormField({ label, error, hint, addon, id, className = '', ...input }: FieldProps) {
  const ids = useFieldIds(id, error, hint);
  const control = (
    <input
      id={ids.inputId}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      className={inputClass}
      {...input}
    />
  );
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      hintClassName="mt-1 text-xs text-slate-600"
      ids={ids}
      className={className}
    >
      {addon ? (
        <div className="flex items-stretch gap-2">
          {addon}
          {control}
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'addon'>) {
  const tr = useAuthT();
  const [visible, setVisible] = useState(false);
  const { label, error, hint, id, className = '', ...input } = props;
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} hintClassName="mt-1" ids={ids} className={className}>
      <div className="relative">
        <input
          id={ids.inputId}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={`${inputClass} pr-24`}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-pressed={visible}
          aria-controls={ids.inputId}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {visible ? tr('Masquer') : tr('Afficher')}
        </button>
      </div>
    </FieldFrame>
  );
}
