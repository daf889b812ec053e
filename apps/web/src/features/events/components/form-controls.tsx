import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS, type EventCategory } from '@app/shared/events';
import { localize, useLanguage } from '../../../lib/i18n';

/** The event categories as `<option>`s, labelled in the current language. */
export function CategoryOptions() {
  const language = useLanguage();
  return EVENT_CATEGORIES.map((category) => (
    <option key={category} value={category}>
      {localize(EVENT_CATEGORY_LABELS[category], language)}
    </option>
  ));
}

/** An event's category as shown, in the current language (an unknown one as stored). */
export function useCategoryLabel() {
  const language = useLanguage();
  return (category: string) => localize(EVENT_CATEGORY_LABELS[category as EventCategory] ?? category, language);
}
