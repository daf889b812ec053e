import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS } from '@app/shared/events';
import { localize } from '@app/shared/i18n';
import { useLanguage } from '../../../lib/i18n';
import type { ReactNode } from 'react';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-[invalid=true]:border-red-600';

/** A label above its control and the control's error below, tied by id for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control with an optional error and hint. */
export function describedBy(id: string, error?: string, hint?: boolean) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

/** The event categories as `<option>`s, labelled in the current language. */
export function CategoryOptions() {
  const language = useLanguage();
  return EVENT_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {localize(EVENT_CATEGORY_LABELS[category], language)}
    </option>
  ));
}
