import type { SettingsInput } from '@app/shared/settings';
import type { ReactNode } from 'react';
import type { FieldPath, UseFormRegister } from 'react-hook-form';
import { inputClass } from '../../../components/ui/form/input-style';

type Path = FieldPath<SettingsInput>;

/** One group of settings: a fieldset with its title and an optional hint, fields in two columns from `md`. */
export function Section({ title, children, hint }: { title: string; children: ReactNode; hint?: string }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-lg font-semibold text-slate-900">{title}</legend>
      {hint ? <p className="mb-3 text-sm text-slate-600">{hint}</p> : null}
      <div className="grid gap-4 md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function FieldMessage({ error, id }: { error?: string; id?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export function TextField({
  id,
  name,
  label,
  type,
  hint,
  min,
  error,
  register,
}: {
  id: string;
  name: Path;
  label: string;
  type: 'text' | 'email' | 'tel' | 'number' | 'date';
  hint?: string;
  min?: number;
  error?: string;
  register: UseFormRegister<SettingsInput>;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type={type}
        min={min}
        step={type === 'number' ? 1 : undefined}
        inputMode={type === 'number' ? 'numeric' : undefined}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={inputClass}
        {...register(name)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}
