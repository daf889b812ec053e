import { getLanguage, LOCALES, type Language } from './i18n';
import { DOUALA_TIME_ZONE } from '@app/shared/douala-time';

/** The people are in Africa/Douala (UTC+1, no daylight saving). */
export const TIME_ZONE = DOUALA_TIME_ZONE;

const INVALID = { fr: 'Date invalide', en: 'Invalid date' } as const;
const MISSING = { fr: 'Non disponible', en: 'Not available' } as const;

function toDate(value: string | number | Date | null | undefined): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** 'Date invalide' for a bad date, 'Non disponible' for a missing one. */
export function formatDate(
  value: string | number | Date | null | undefined,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
  language: Language = getLanguage(),
): string {
  const date = toDate(value);
  if (date === null) return MISSING[language];
  if (date === 'invalid') return INVALID[language];
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, ...options }).format(date);
}

/** French long date-time: 'samedi 12 décembre 2026 à 18:00'. */
export function formatLongDateTime(value: string | number | Date | null | undefined, language: Language = getLanguage()): string {
  return formatDate(value, { dateStyle: 'full', timeStyle: 'short' }, language);
}

export function formatNumber(value: number | null | undefined, language: Language = getLanguage()): string {
  return new Intl.NumberFormat(LOCALES[language]).format(value ?? 0);
}

/** Money is integer francs CFA, no decimals. */
export function formatMoney(value: number | null | undefined, language: Language = getLanguage()): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'XAF', maximumFractionDigits: 0 }).format(
    value ?? 0,
  );
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** 'il y a 5 minutes', 'hier' within a week; the date beyond ('12 juin 2027'). */
export function formatRelative(value: string | number | Date, now = Date.now(), language: Language = getLanguage()): string {
  const date = toDate(value);
  if (date === null || date === 'invalid') return formatDate(value, undefined, language);
  let amount = (date.getTime() - now) / 1000;
  for (const [unit, next] of RELATIVE_STEPS) {
    if (Math.abs(amount) < next) {
      return new Intl.RelativeTimeFormat(LOCALES[language], { numeric: 'auto' }).format(Math.round(amount), unit);
    }
    amount /= next;
  }
  return formatDate(date, { dateStyle: 'long' }, language);
}
