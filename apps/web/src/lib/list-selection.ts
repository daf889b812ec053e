import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** `value`, once it has stopped changing for `delayMs` (a search box sends its text when typing pauses). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface ListSelectionOptions {
  /** The attribute that names a row's id on its button, e.g. 'data-partner-id'. */
  rowAttribute: string;
  /** The list's search box, focused when the row that was open is no longer listed. */
  searchId: string;
}

/**
 * The item open beside a list, kept in `?id=` so the browser's Back returns to the list.
 * `select(id)` opens one (a new history entry), `select(null)` closes it; `back()` closes it and,
 * once the list shows again (phones), puts the focus back on the row that was open, else on the search.
 */
export function useListSelection({ rowAttribute, searchId }: ListSelectionOptions) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('id');
  const [returnTo, setReturnTo] = useState<string | null>(null);

  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next, { replace: !id });
  };
  const back = () => {
    setReturnTo(selectedId);
    select(null);
  };
  useEffect(() => {
    if (selectedId || !returnTo) return;
    const row = document.querySelector<HTMLElement>(`button[${rowAttribute}="${returnTo}"]`);
    (row ?? document.getElementById(searchId))?.focus();
    setReturnTo(null);
  }, [selectedId, returnTo, rowAttribute, searchId]);

  return { selectedId, select, back };
}
