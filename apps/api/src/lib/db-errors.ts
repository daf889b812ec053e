const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57014', // query_canceled (statement timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

/** Whether an error or one of its causes (the driver and Drizzle wrap them) passes `test`. */
function anyCause(error: unknown, test: (candidate: { code?: unknown; message?: unknown }) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (test(candidate)) return true;
    current = candidate.cause;
  }
  return false;
}

const hasCode = (codes: ReadonlySet<string>) => (candidate: { code?: unknown }) =>
  typeof candidate.code === 'string' && codes.has(candidate.code);

/** True when an error (or its cause) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(
    error,
    (candidate) =>
      hasCode(UNAVAILABLE_CODES)(candidate) ||
      (typeof candidate.message === 'string' &&
        /Connection terminated|timeout exceeded when trying to connect|Query read timeout|PGlite is closed/i.test(
          candidate.message,
        )),
  );
}

/** PostgreSQL unique_violation (23505): the row exists already (a taken e-mail, phone, username…). */
export function isUniqueViolation(error: unknown): boolean {
  return anyCause(error, hasCode(new Set(['23505'])));
}

/** A value PostgreSQL cannot store (U+0000, a year out of range): the client's fault. */
const BAD_VALUE_CODES = new Set(['22021', '22P05', '22008', '22007']);
export function isBadValue(error: unknown): boolean {
  return anyCause(error, hasCode(BAD_VALUE_CODES));
}
