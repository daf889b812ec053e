import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parsePage } from '../components/ui/pagination';

/** How long typing must pause before the search is sent (and written to `?q=`). */
export const SEARCH_DELAY_MS = 300;
/** How long a list coming back from a detail waits for the row to give the focus back to. */
const ROW_WAIT_MS = 5000;

/** Each filter's allowed values, its default first: `{ status: ['all', 'active', 'blocked'] }`. */
export type FilterChoices = Record<string, readonly [string, ...string[]]>;
/** The value of each filter, narrowed to its allowed values. */
export type FilterValues<F extends FilterChoices> = { [K in keyof F]: F[K][number] };

/** What the URL of a list screen says: `?q=` (trimmed search), one parameter per filter, `?page=`. */
export function readListParams<F extends FilterChoices>(params: URLSearchParams, choices: F) {
  const filters = {} as FilterValues<F>;
  for (const key of Object.keys(choices) as (keyof F & string)[]) {
    const allowed: readonly string[] = choices[key]!;
    const value = params.get(key);
    filters[key] = (value !== null && allowed.includes(value) ? value : allowed[0]) as F[typeof key][number];
  }
  return { query: (params.get('q') ?? '').trim(), filters, page: parsePage(params.get('page')) };
}

/**
 * `params` with `changes` applied: `null` or a default value removes the parameter (so a plain
 * list has a plain URL); any change but the page's sends the list back to page 1.
 */
export function withListChanges(
  params: URLSearchParams,
  changes: Record<string, string | number | null>,
  defaults: Record<string, string> = {},
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const empty = value === null || value === '' || value === defaults[key] || (key === 'page' && Number(value) <= 1);
    if (empty) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/**
 * The URL's parameters as they are now. React Router hands a change the parameters of the render
 * it came from, so a change made before the next render would undo the one before it: a row
 * clicked just as the search's pause ran out lost its `?id=` (the panel stayed closed), or the
 * search lost its `?q=`, on a slow phone whose render waits. The address bar holds each
 * navigation as soon as it is made (no route here loads data first), so every change starts from it.
 */
export function paramsNow(rendered: URLSearchParams): URLSearchParams {
  return typeof window === 'undefined' ? rendered : new URLSearchParams(window.location.search);
}

interface ListScreenOptions<F extends FilterChoices> {
  /** The filters and their allowed values (the first one is the default, left out of the URL). */
  filters?: F;
  /** The attribute that names a row's id on its button (e.g. 'data-partner-id'), focused on Back. */
  rowAttribute?: string;
  /** The list's search box, focused when the row that was open is no longer listed. */
  searchId?: string;
  debounceMs?: number;
}

/**
 * The state of a back-office list screen, all of it in the URL so a reload, a shared link and the
 * browser's Back and Forward keep it:
 * - `search` is the search box's text; `query` is what is sent to the server: the trimmed text
 *   once typing has paused (`?q=`, written without a history entry);
 * - `filters` (one parameter each, written without a history entry);
 * - `page` (`?page=`, 1-based; each change is a history entry); a new search or filter goes back to page 1;
 * - `selectedId` (`?id=`), the row open beside the list: `select(id)` opens one (a history entry),
 *   `select(null)` closes it; `back()` closes it and, once the list shows again (phones), focuses
 *   the row that was open, else the search box.
 */
export function useListScreen<F extends FilterChoices = Record<never, never>>(options: ListScreenOptions<F> = {}) {
  const { rowAttribute, searchId, debounceMs = SEARCH_DELAY_MS } = options;
  const choices = (options.filters ?? {}) as F;
  const [params, setParams] = useSearchParams();
  const { query, filters, page } = readListParams(params, choices);

  // The box shows what is typed at once; the URL (and so the request) follows when typing pauses.
  const [search, setSearchText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (shownQuery !== query) {
    // `?q=` changed: typed here (the box already says it) or by Back/Forward/a link (show it).
    setShownQuery(query);
    if (search.trim() !== query) setSearchText(query);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The timer calls the setter of the latest render (its navigation is the current one).
  const latestSetParams = useRef(setParams);
  latestSetParams.current = setParams;
  useEffect(() => () => clearTimeout(timer.current), []);
  const setSearch = useCallback(
    (value: string) => {
      setSearchText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        latestSetParams.current(
          (rendered) => {
            const current = paramsNow(rendered);
            return value.trim() === (current.get('q') ?? '') ? current : withListChanges(current, { q: value.trim() });
          },
          { replace: true },
        );
      }, debounceMs);
    },
    [debounceMs],
  );

  const defaults = useRef<Record<string, string>>({});
  defaults.current = Object.fromEntries(Object.entries(choices).map(([key, values]) => [key, values[0]]));
  const setFilters = useCallback(
    (changes: Partial<FilterValues<F>>) =>
      setParams((rendered) => withListChanges(paramsNow(rendered), changes as Record<string, string>, defaults.current), {
        replace: true,
      }),
    [setParams],
  );
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams((rendered) => withListChanges(paramsNow(rendered), { page: next }), { replace: options?.replace }),
    [setParams],
  );

  const selectedId = params.get('id');
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const select = (id: string | null) =>
    setParams(
      (rendered) => {
        const next = paramsNow(rendered);
        if (id) next.set('id', id);
        else next.delete('id');
        return next;
      },
      { replace: !id },
    );
  const back = () => {
    setReturnTo(selectedId);
    select(null);
  };
  useEffect(() => {
    if (selectedId || !returnTo) return;
    // After a reload on the detail the list is still loading when it comes back: while it shows
    // no row at all (ROW_WAIT_MS at most), its row is awaited; a list shown without it (the row
    // was deleted) gives the focus to the search box at once.
    const until = performance.now() + ROW_WAIT_MS;
    let frame = 0;
    const focusReturned = () => {
      const row = rowAttribute ? document.querySelector<HTMLElement>(`[${rowAttribute}="${returnTo}"]`) : null;
      const listShown = !rowAttribute || document.querySelector(`[${rowAttribute}]`) !== null;
      if (!row && !listShown && performance.now() < until) {
        frame = requestAnimationFrame(focusReturned);
        return;
      }
      (row ?? (searchId ? document.getElementById(searchId) : null))?.focus();
      setReturnTo(null);
    };
    focusReturned();
    return () => cancelAnimationFrame(frame);
  }, [selectedId, returnTo, rowAttribute, searchId]);

  return { search, setSearch, query, filters, setFilters, page, setPage, selectedId, select, back };
}
