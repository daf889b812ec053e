/** Lower case without accents: 'Yaoundé' → 'yaounde'. Used for search columns and queries. */
export function searchable(...parts: (string | null | undefined)[]): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
export function likePattern(query: string): string {
  return `%${escapeLike(searchable(query))}%`;
}

/** A LIKE pattern of a text starting with `query` (after `before`: '%' for anywhere, '' for the start). */
export function likeStartPattern(query: string, before: '%' | ''): string {
  return `${before}${escapeLike(searchable(query))}%`;
}
