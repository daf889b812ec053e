import { EVENT_TAGS_MAX } from '@app/shared/events';
import { type KeyboardEvent, useState } from 'react';

/**
 * The tag being typed: Enter adds it to `tags` (trimmed, once, at most EVENT_TAGS_MAX) and empties
 * the box; a blank or repeated tag only empties it; past the maximum the text stays.
 */
export function useTagInput(tags: string[], setTags: (tags: string[]) => void) {
  const [value, setValue] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const tag = value.trim();
    if (!tag || tags.includes(tag)) return setValue('');
    if (tags.length >= EVENT_TAGS_MAX) return;
    setTags([...tags, tag]);
    setValue('');
  };
  const remove = (tag: string) => setTags(tags.filter((other) => other !== tag));
  return { value, setValue, onKeyDown, remove, clear: () => setValue('') };
}
