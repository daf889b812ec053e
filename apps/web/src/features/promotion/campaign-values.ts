import {
  AD_CITY_KEYS,
  AD_PLACEMENTS,
  type AdPlacement,
  type AdPrices,
  CAMPAIGN_MAX_DAYS,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_START_MAX_DAYS_AHEAD,
  type CampaignOptions,
  type CreateCampaignInput,
  campaignDays,
  campaignPrice,
  cityKeyOf,
  pricePerDay,
} from '@app/shared/ads';
import { doualaDate } from '@app/shared/douala-time';
import { formatFcfa } from '@app/shared/payments';
import type { CameroonCity } from '@app/shared/near-me';
import { z } from 'zod';
import type { promotionMessages } from './messages';

export type CampaignEvent = CampaignOptions['events'][number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD'. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The day `days` after `day` ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The form 'Promouvoir cet évènement': where, in which zone, from when to when. */
export interface CampaignFormValues {
  placement: AdPlacement;
  zone: 'national' | 'cities';
  cities: string[];
  startDate: string;
  endDate: string;
}

/**
 * The form's checks, with the API's French messages (CAMPAIGN_MESSAGES) under the field they are
 * about: a city at least (or all of Cameroon), a start from `today` (Douala) and within 90 days,
 * an end not before the start, at most CAMPAIGN_MAX_DAYS days.
 */
export function campaignFormSchema(today: string) {
  return z
    .object({
      placement: z.enum(AD_PLACEMENTS, { message: 'Choisissez un emplacement' }),
      zone: z.enum(['national', 'cities']),
      cities: z.array(z.string()),
      startDate: z.string(),
      endDate: z.string(),
    })
    .superRefine((value, context) => {
      if (value.zone === 'cities' && value.cities.length === 0) {
        context.addIssue({ code: 'custom', path: ['cities'], message: CAMPAIGN_MESSAGES.citiesRequired });
      }
      const startValid = isDay(value.startDate);
      if (!startValid) {
        context.addIssue({ code: 'custom', path: ['startDate'], message: CAMPAIGN_MESSAGES.startInvalid });
      } else if (value.startDate < today) {
        context.addIssue({ code: 'custom', path: ['startDate'], message: CAMPAIGN_MESSAGES.startPast });
      } else if (value.startDate > addDays(today, CAMPAIGN_START_MAX_DAYS_AHEAD)) {
        context.addIssue({ code: 'custom', path: ['startDate'], message: CAMPAIGN_MESSAGES.startTooFar });
      }
      if (!isDay(value.endDate)) {
        context.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.endInvalid });
      } else if (startValid && value.endDate < value.startDate) {
        context.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.endBeforeStart });
      } else if (startValid && campaignDays(value.startDate, value.endDate) > CAMPAIGN_MAX_DAYS) {
        context.addIssue({ code: 'custom', path: ['endDate'], message: CAMPAIGN_MESSAGES.tooLong });
      }
    });
}

/** The event's own day (Douala): a campaign after it would promote a past event. */
export function eventDay(event: Pick<CampaignEvent, 'startDateTime'>): string | null {
  const time = Date.parse(event.startDateTime);
  return Number.isFinite(time) ? doualaDate(time) : null;
}

/**
 * What the form opens with: the agenda, the event's city when it is one of the list, from today
 * for a week — never past the event's day when it comes sooner.
 */
export function initialCampaignValues(event: CampaignEvent, today: string): CampaignFormValues {
  const city = cityKeyOf(event.city);
  const day = eventDay(event);
  const weekEnd = addDays(today, 6);
  return {
    placement: 'agenda',
    zone: 'cities',
    cities: city ? [city] : [],
    startDate: today,
    endDate: day && day >= today && day < weekEnd ? day : weekEnd,
  };
}

/** The cities the form keeps, in the list's order, without a city the list does not know. */
function chosenCities(values: Pick<CampaignFormValues, 'cities'>): CameroonCity[] {
  return AD_CITY_KEYS.filter((city) => values.cities.includes(city));
}

export interface PriceBreakdown {
  perDay: number;
  days: number;
  national: boolean;
  /** Cities counted, or the national factor. */
  areas: number;
  total: number;
}

/** The price as the server computes it (campaignPrice), and its parts: per day × days × cities. */
export function priceBreakdown(prices: AdPrices, values: CampaignFormValues): PriceBreakdown {
  const national = values.zone === 'national';
  const cities = national ? [] : chosenCities(values);
  const days = isDay(values.startDate) && isDay(values.endDate) ? campaignDays(values.startDate, values.endDate) : 0;
  const campaign = { placement: values.placement, national, cities, startDate: values.startDate, endDate: values.endDate };
  return {
    perDay: pricePerDay(prices, values.placement),
    days,
    national,
    areas: national ? prices.nationalFactor : cities.length,
    total: days > 0 ? campaignPrice(prices, campaign) : 0,
  };
}

/** `POST /api/campaigns`: the budget is the price shown (the server refuses it when below its own). */
export function createCampaignBody(eventId: string, values: CampaignFormValues, prices: AdPrices): CreateCampaignInput {
  const national = values.zone === 'national';
  return {
    eventId,
    placement: values.placement,
    national,
    cities: national ? [] : chosenCities(values),
    startDate: values.startDate,
    endDate: values.endDate,
    budget: priceBreakdown(prices, values).total,
  };
}

/** The server's field names on the form's fields (`national` is the zone). */
export function campaignFieldOf(path: string): keyof CampaignFormValues | null {
  if (path === 'national') return 'zone';
  if (path.startsWith('cities')) return 'cities';
  return path === 'placement' || path === 'startDate' || path === 'endDate' ? path : null;
}

/** Clicks per impression, or null before any impression. */
export function clickRate(impressions: number, clicks: number): number | null {
  return impressions > 0 ? clicks / impressions : null;
}

/** The totals of a campaign's days. */
export function dailyTotals(daily: readonly { impressions: number; clicks: number }[]): { impressions: number; clicks: number } {
  return daily.reduce((sum, day) => ({ impressions: sum.impressions + day.impressions, clicks: sum.clicks + day.clicks }), {
    impressions: 0,
    clicks: 0,
  });
}

/** '12,5 %' (one decimal at most), or '—' before any impression. */
export function formatClickRate(rate: number | null, locale: string): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

type Translate = (key: keyof (typeof promotionMessages)['fr'], params?: Record<string, string | number>) => string;

/** '1 000 FCFA × 2 jours × 1 ville', or '1 000 FCFA × 2 jours × tout le Cameroun (× 5)'. */
export function breakdownText(breakdown: PriceBreakdown, t: Translate): string {
  const days = t(breakdown.days > 1 ? 'day_other' : 'day_one', { count: breakdown.days });
  const areas = breakdown.national
    ? t('nationalAreas', { factor: breakdown.areas })
    : t(breakdown.areas > 1 ? 'city_other' : 'city_one', { count: breakdown.areas });
  return `${formatFcfa(breakdown.perDay)} × ${days} × ${areas}`;
}
