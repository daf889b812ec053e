/** Lower case without accents: 'Yaoundé' → 'yaounde'. Used for search columns and queries. */
export function searchable(...parts: (string | null | undefined)[]): string {
  return parts
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Escapes LIKE wildcards so a search for '50%' means the text '50%'. */
export function likePattern(query: string): string {
  return `%${searchable(query).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
