/**
 * The tab a key moves to in a tab list (WAI-ARIA tabs): ArrowRight and ArrowLeft go round,
 * Home and End go to the first and the last; any other key moves nowhere (null).
 */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const index = Math.max(0, tabs.indexOf(current));
  const next =
    key === 'ArrowRight'
      ? (index + 1) % tabs.length
      : key === 'ArrowLeft'
        ? (index + tabs.length - 1) % tabs.length
        : key === 'Home'
          ? 0
          : key === 'End'
            ? tabs.length - 1
            : null;
  return next === null ? null : (tabs[next] ?? null);
}
