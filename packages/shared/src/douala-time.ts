/**
 * The people are in Africa/Douala: UTC+1 all year, no daylight saving. Every calendar day, date
 * filter and date shown is read in this time, on the server and in the browser alike.
 */
export const DOUALA_TIME_ZONE = 'Africa/Douala';
export const DOUALA_OFFSET = '+01:00';
export const DOUALA_OFFSET_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const ms = (instant: Date | number) => (typeof instant === 'number' ? instant : instant.getTime());

/** The Douala calendar day (YYYY-MM-DD) of an instant. */
export function doualaDate(instant: Date | number): string {
  return new Date(ms(instant) + DOUALA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in Douala, as a UTC instant (ms), of the Douala day holding `instant`. */
export function doualaMidnight(instant: Date | number): number {
  const local = ms(instant) + DOUALA_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - DOUALA_OFFSET_MS;
}

/** The Douala calendar day holding `instant`, as UTC instants [from, to). */
export function doualaDayRange(instant: Date | number): { from: Date; to: Date } {
  const from = doualaMidnight(instant);
  return { from: new Date(from), to: new Date(from + DAY_MS) };
}

/** Date (YYYY-MM-DD) and time (HH:MM) read as Douala time → ISO 8601 with offset. */
export function doualaDateTime(date: string, time: string): string {
  return `${date}T${time}:00${DOUALA_OFFSET}`;
}

/** ISO 8601 → `{ date: 'YYYY-MM-DD', time: 'HH:MM' }` in Douala time (for the edit form). */
export function toDoualaParts(iso: string): { date: string; time: string } {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return { date: '', time: '' };
  const shifted = new Date(instant + DOUALA_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** ISO 8601 with the Douala offset, e.g. '2027-06-12T18:00:00+01:00' (JSON-LD, `<time>`). */
export function doualaIso(date: Date): string {
  return `${new Date(date.getTime() + DOUALA_OFFSET_MS).toISOString().slice(0, 19)}${DOUALA_OFFSET}`;
}

/** The Douala calendar month (YYYY-MM) of an instant. */
export function doualaMonth(instant: Date | number): string {
  return doualaDate(instant).slice(0, 7);
}

/**
 * The start (a UTC instant, ms) of the Douala month `shift` months after the one holding `instant`
 * (0: this month, -11: eleven months before, 1: the next one). Midnight on the 1st in Douala is
 * 23:00 UTC on the last day of the month before.
 */
export function doualaMonthStart(instant: Date | number, shift = 0): number {
  const local = new Date(ms(instant) + DOUALA_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + shift, 1) - DOUALA_OFFSET_MS;
}
