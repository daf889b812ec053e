import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

const cardClass =
  'flex cursor-pointer items-center gap-3 rounded-xl border-2 border-slate-200 bg-white p-3 sm:p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700';

/** A radio button drawn as a card: the whole card is the label, the chosen one is outlined. */
export function RadioCard({
  children,
  value,
  field,
  type = 'radio',
}: {
  children: ReactNode;
  value: string;
  field: UseFormRegisterReturn;
  type?: 'radio' | 'checkbox';
}) {
  return (
    <label className={cardClass}>
      <input type={type} value={value} {...field} className="size-5 shrink-0 accent-brand-700" />
      {children}
    </label>
  );
}
