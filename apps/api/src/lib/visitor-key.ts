import { createHash } from 'node:crypto';

/**
 * At most this many anonymous visitors are counted per address, per referral code or event, and
 * per day (issue 24, item 17; decision 021): rotating the browser name from one address no longer
 * inflates a count. Behind a carrier address shared by many people this under-counts, which
 * decision 012 already prefers to a cookie.
 */
export const ANONYMOUS_VISITORS_PER_ADDRESS = 10;

const hash = (text: string, length: number) => createHash('sha256').update(text).digest('base64url').slice(0, length);

/**
 * An anonymous visitor without a cookie: `<address>.<browser>`, each part a hash that includes the
 * day, so nothing personal is stored and tomorrow's key differs. `addressPrefix` is what every
 * visitor of the same address and day shares: the count per address is a prefix count.
 */
export function anonymousVisitor(day: string, ip: string, userAgent: string): { key: string; addressPrefix: string } {
  const address = hash(`${day}|${ip}`, 11);
  return { key: `${address}.${hash(`${day}|${ip}|${userAgent.slice(0, 300)}`, 11)}`, addressPrefix: `${address}.` };
}
