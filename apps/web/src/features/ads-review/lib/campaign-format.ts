import { cityName } from '@app/shared/ads';
import { LOCALES, type Language } from '../../../lib/i18n';
import { TIME_ZONE } from '../../../lib/format';

/**
 * A day's click rate (clicks ÷ impressions) as a person reads it: '4,2 %' in French, '4.2%' in
 * English, one decimal at most; null when nothing was shown (no rate to give, the screen says '—').
 */
export function clickRate(impressions: number, clicks: number, language: Language): string | null {
  if (impressions <= 0) return null;
  return new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 1 }).format(clicks / impressions);
}

/** A Douala calendar day 'YYYY-MM-DD' in words ('1 déc. 2026'): read at noon, so no time zone moves it. */
export function formatDay(
  day: string,
  language: Language,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(LOCALES[language], { timeZone: TIME_ZONE, ...options }).format(date);
}

/** Where a campaign shows: its cities' names, or `national` (the whole country's words) when it is national. */
export function campaignArea(campaign: { national: boolean; cities: readonly string[] }, national: string): string {
  return campaign.national ? national : campaign.cities.map(cityName).join(', ');
}

/** A 'YYYY-MM-DD' from the URL, kept only when it is a real calendar day. */
export function dayParam(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}
