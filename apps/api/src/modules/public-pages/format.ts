/** French formats of the public pages: dates in Africa/Douala, prices in XAF. */
import { DOUALA_TIME_ZONE as TIME_ZONE } from '@app/shared/douala-time';

/** U+202F NARROW NO-BREAK SPACE: the thin space French puts between thousands (never breaks). */
export const THIN_SPACE = '\u202f';

const longDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
const time = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** '20 h 30' (or '20 h' on the hour), the French way of writing a time. */
export function frenchTime(date: Date): string {
  const [hours, minutes] = time.format(date).split(':');
  return minutes === '00' ? `${Number(hours)} h` : `${Number(hours)} h ${minutes}`;
}

/** 'Samedi 12 juin 2027 à 18 h'. */
export function frenchDateTime(date: Date): string {
  return `${capitalize(longDate.format(date))} à ${frenchTime(date)}`;
}

const dayDate = new Intl.DateTimeFormat('fr-FR', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });

/** '12 juin 2027 à 18 h 05' (a comment's date). */
export function frenchDayTime(date: Date): string {
  return `${dayDate.format(date)} à ${frenchTime(date)}`;
}

/** 'Sam. 12 juin · 18 h' for cards. */
export function frenchShortDateTime(date: Date): string {
  return `${capitalize(shortDate.format(date))} · ${frenchTime(date)}`;
}

/** Start and end in one phrase: same day 'Samedi 12 juin 2027, de 18 h à 23 h', else 'Du … au …'. */
export function frenchRange(start: Date, end: Date): string {
  const startDay = longDate.format(start);
  if (startDay === longDate.format(end)) {
    return `${capitalize(startDay)}, de ${frenchTime(start)} à ${frenchTime(end)}`;
  }
  return `Du ${startDay} à ${frenchTime(start)} au ${longDate.format(end)} à ${frenchTime(end)}`;
}

/** 2000 → '2 000 FCFA' (thin spaces, no decimals). */
export function fcfa(amount: number): string {
  const digits = String(Math.round(Math.abs(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, THIN_SPACE);
  return `${amount < 0 ? '-' : ''}${digits}${THIN_SPACE}FCFA`;
}

/** 'Gratuit' when the cheapest ticket is free (or there is none), else 'à partir de 2 000 FCFA'. */
export function priceFrom(prices: number[]): string {
  const paid = prices.filter((price) => price > 0);
  if (prices.length === 0 || paid.length < prices.length) return 'Gratuit';
  return `à partir de ${fcfa(Math.min(...paid))}`;
}

/** The text on one line, cut to `max` characters with '…' (a page's description). */
export function summary(text: string, max = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}
