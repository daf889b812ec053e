/**
 * The planned launch date (a setting, decision 017) as the landing page's FAQ says it, and the
 * year of the footers, both in Cameroon's time (Africa/Douala, UTC+1 all year). No zod here: the
 * landing page's server bundle imports this.
 */

import { doualaDate } from './douala-time';

/** The default of the setting « Date de lancement prévue » (general.launchDate). */
export const DEFAULT_LAUNCH_DATE = '2026-12-15';

const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });
const QUARTERS = ['premier', 'deuxième', 'troisième', 'quatrième'];

/** 'YYYY-MM-DD' of `now` in Douala. */
export function todayInDouala(now: Date = new Date()): string {
  return doualaDate(now);
}

/** The current year in Douala: the footers' © year (31 December at 23:30 UTC is already next year there). */
export function yearInDouala(now: Date = new Date()): number {
  return Number(todayInDouala(now).slice(0, 4));
}

/** A real calendar day 'YYYY-MM-DD' (2024–2100): '2026-02-30' is not one. */
export function isLaunchDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2024 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** '1er décembre 2026', '15 décembre 2026'. */
export function frenchDay(value: string): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return `${day === 1 ? '1er' : day} ${MONTH.format(Date.UTC(year, month - 1, 1))} ${year}`;
}

/**
 * The FAQ's answer to « Quand l’application sera-t-elle disponible ? »: the planned date and its
 * quarter (« T4 2026 ») before the launch, the date it opened on from that day.
 */
export function launchAnswer(launchDate: string, today: string): string {
  const date = isLaunchDate(launchDate) ? launchDate : DEFAULT_LAUNCH_DATE;
  const [year, month] = date.split('-').map(Number) as [number, number];
  const quarter = Math.floor((month - 1) / 3);
  if (date <= today) {
    return `L’application est disponible depuis le ${frenchDay(date)}. Inscrivez-vous sur la liste d’attente pour être prévenu dès que votre compte peut être créé.`;
  }
  return `Le lancement est prévu le ${frenchDay(date)}, au ${QUARTERS[quarter]} trimestre ${year} (T${quarter + 1} ${year}). Inscrivez-vous sur la liste d’attente pour être prévenu dès l’ouverture.`;
}
