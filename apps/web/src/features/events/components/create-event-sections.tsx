import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { describedBy, Field } from '../../../components/ui/form/field';
import { inputClass } from '../../../components/ui/form/input-style';
import { useT } from '../../../lib/i18n';
import type { useTagInput } from '../hooks/use-tag-input';
import { eventsMessages } from '../messages';

/** One of the creation dialog's seven sections: a fieldset with its title. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-base font-semibold text-slate-900">{title}</legend>
      <div className="clear-left space-y-3">{children}</div>
    </fieldset>
  );
}

interface TagsFieldProps {
  id: string;
  tags: string[];
  error?: string;
  /** The tag being typed (`useTagInput`). */
  typing: ReturnType<typeof useTagInput>;
}

/** 'Tags': typed one at a time (Enter adds), shown below as removable chips. */
export function TagsField({ id, tags, error, typing }: TagsFieldProps) {
  const t = useT(eventsMessages);
  return (
    <>
      <Field id={id} label={t('fieldTags')} hint={t('tagsHint')} error={error}>
        <input
          id={id}
          type="text"
          value={typing.value}
          maxLength={50}
          onChange={(event) => typing.setValue(event.target.value)}
          onKeyDown={typing.onKeyDown}
          placeholder={t('tagsPlaceholder')}
          className={inputClass}
          {...describedBy(id, error, true)}
        />
      </Field>
      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('tagsAdded')}>
          {tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-800">
              {tag}
              <button
                type="button"
                onClick={() => typing.remove(tag)}
                aria-label={t('removeTag', { tag })}
                className="rounded-full px-1.5 leading-none hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
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
