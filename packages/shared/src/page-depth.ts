/**
 * How deep a numbered page may start (decision 069): `(page - 1) × limit` below this many rows, for
 * every list and every caller. Deeper, the API answers 400 `PAGE_TOO_DEEP`, whose message suggests
 * a filter; the mobile app's endless lists follow the `next` cursor (`?after=`) instead, with no cap.
 */
export const PAGE_DEPTH_MAX = 10_000;

/** The last page number a list of `limit` rows per page can show. */
export function lastReachablePage(limit: number): number {
  return Math.max(1, Math.ceil(PAGE_DEPTH_MAX / limit));
}
