import { defineMessages, useT } from '../../../lib/i18n';
import { describedBy, Field } from './field';
import { inputClass } from './input-style';
import type { useTagInput } from './use-tag-input';

/** Here rather than in the shared ui messages: only the two event forms load them, not every screen. */
const tagsMessages = defineMessages({
  fr: {
    fieldTags: 'Tags',
    tagsHint: 'Appuyez sur Entrée pour ajouter un tag',
    tagsAdded: 'Tags ajoutés',
    tagsPlaceholder: 'Ajouter un tag',
    removeTag: 'Retirer le tag {tag}',
  },
  en: {
    fieldTags: 'Tags',
    tagsHint: 'Press Enter to add a tag',
    tagsAdded: 'Added tags',
    tagsPlaceholder: 'Add a tag',
    removeTag: 'Remove the tag {tag}',
  },
});

interface TagsFieldProps {
  id: string;
  tags: string[];
  error?: string;
  /** The tag being typed (`useTagInput`). */
  typing: ReturnType<typeof useTagInput>;
}

/**
 * 'Tags': typed one at a time (Enter adds), shown below as removable chips. Used by the back
 * office's creation dialog and the organiser's event form.
 */
export function TagsField({ id, tags, error, typing }: TagsFieldProps) {
  const t = useT(tagsMessages);
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
