/** Rows of `db.execute`: node-postgres and PGlite answer `{ rows }`; an array on other drivers. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
