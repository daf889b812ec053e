import { AD_PLACEMENT_LABELS, AD_PLACEMENTS, CAMPAIGN_MESSAGES, CAMPAIGN_PHASE_LABELS, CAMPAIGN_PHASES } from '@app/shared/ads';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import {
  addDays,
  breakdownText,
  type CampaignFormValues,
  campaignFieldOf,
  campaignFormSchema,
  clickRate,
  createCampaignBody,
  dailyTotals,
  formatClickRate,
  initialCampaignValues,
  priceBreakdown,
} from './campaign-values';
import { promotionMessages } from './messages';

const PRICES = { agendaPerDay: 1000, landingPerDay: 2500, relatedPerDay: 500, nationalFactor: 5 };
const TODAY = '2026-11-27';
const fr = (key: keyof (typeof promotionMessages)['fr'], params?: Record<string, string | number>) =>
  translate(promotionMessages, 'fr', key, params);
const values = (change: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  placement: 'agenda',
  zone: 'cities',
  cities: ['douala'],
  startDate: '2026-11-28',
  endDate: '2026-11-29',
  ...change,
});
const errorsOf = (form: CampaignFormValues) =>
  (campaignFormSchema(TODAY).safeParse(form).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the campaign’s price', () => {
  it('is the placement’s price per day × the days × the cities, said in French', () => {
    const breakdown = priceBreakdown(PRICES, values());
    expect(breakdown).toEqual({ perDay: 1000, days: 2, national: false, areas: 1, total: 2000 });
    expect(breakdownText(breakdown, fr)).toBe('1\u202f000\u00a0FCFA × 2 jours × 1 ville');
    const three = priceBreakdown(
      PRICES,
      values({ placement: 'landing', cities: ['douala', 'yaounde', 'kribi'], endDate: '2026-11-28' }),
    );
    expect(three.total).toBe(2500 * 1 * 3);
    expect(breakdownText(three, fr)).toBe('2\u202f500\u00a0FCFA × 1 jour × 3 villes');
  });

  it('counts all of Cameroon as the national factor, whatever cities stay ticked', () => {
    const national = priceBreakdown(PRICES, values({ zone: 'national', cities: ['douala', 'kribi'] }));
    expect(national.total).toBe(1000 * 2 * 5);
    expect(breakdownText(national, fr)).toBe('1\u202f000\u00a0FCFA × 2 jours × tout le Cameroun (× 5)');
  });

  it('is nothing to show without a city or with the end before the start', () => {
    expect(priceBreakdown(PRICES, values({ cities: [] })).total).toBe(0);
    expect(priceBreakdown(PRICES, values({ endDate: '2026-11-20' })).total).toBe(0);
    expect(priceBreakdown(PRICES, values({ endDate: '' })).total).toBe(0);
  });

  it('sends the price shown as the budget, the cities in the list’s order, none for all of Cameroon', () => {
    expect(createCampaignBody('e1', values({ cities: ['kribi', 'douala', 'nowhere'] }), PRICES)).toEqual({
      eventId: 'e1',
      placement: 'agenda',
      national: false,
      cities: ['douala', 'kribi'],
      startDate: '2026-11-28',
      endDate: '2026-11-29',
      budget: 4000,
    });
    expect(createCampaignBody('e1', values({ zone: 'national' }), PRICES)).toMatchObject({
      national: true,
      cities: [],
      budget: 10000,
    });
  });
});

describe('the campaign form’s checks', () => {
  it('accepts a campaign from today', () => {
    expect(errorsOf(values({ startDate: TODAY, endDate: TODAY }))).toEqual([]);
  });

  it('says under each field what is wrong, with the API’s words', () => {
    expect(errorsOf(values({ cities: [] }))).toEqual([['cities', CAMPAIGN_MESSAGES.citiesRequired]]);
    expect(errorsOf(values({ zone: 'national', cities: [] }))).toEqual([]);
    expect(errorsOf(values({ startDate: '2026-11-26' }))).toEqual([['startDate', CAMPAIGN_MESSAGES.startPast]]);
    expect(errorsOf(values({ startDate: '2027-03-01', endDate: '2027-03-02' }))).toEqual([
      ['startDate', CAMPAIGN_MESSAGES.startTooFar],
    ]);
    expect(errorsOf(values({ endDate: '2026-11-27' }))).toEqual([['endDate', CAMPAIGN_MESSAGES.endBeforeStart]]);
    expect(errorsOf(values({ endDate: addDays('2026-11-28', 60) }))).toEqual([['endDate', CAMPAIGN_MESSAGES.tooLong]]);
    expect(errorsOf(values({ endDate: addDays('2026-11-28', 59) }))).toEqual([]);
    expect(errorsOf(values({ startDate: '', endDate: '2026-02-30' }))).toEqual([
      ['startDate', CAMPAIGN_MESSAGES.startInvalid],
      ['endDate', CAMPAIGN_MESSAGES.endInvalid],
    ]);
  });

  it('puts the server’s fields on the form’s: `national` is the zone, the budget stays by the price', () => {
    expect(campaignFieldOf('national')).toBe('zone');
    expect(campaignFieldOf('cities.0')).toBe('cities');
    expect(campaignFieldOf('endDate')).toBe('endDate');
    expect(campaignFieldOf('budget')).toBeNull();
    expect(campaignFieldOf('eventId')).toBeNull();
  });

  it('opens on the agenda, in the event’s city, for a week — not past the event’s day', () => {
    const event = {
      _id: 'e1',
      title: 'Concert',
      city: 'Yaoundé',
      startDateTime: '2026-12-20T18:00:00.000Z',
      href: '/e',
      image: null,
    };
    expect(initialCampaignValues(event, TODAY)).toEqual({
      placement: 'agenda',
      zone: 'cities',
      cities: ['yaounde'],
      startDate: TODAY,
      endDate: '2026-12-03',
    });
    // 23:30 UTC on the 29th is already the 30th in Douala.
    const soon = { ...event, city: 'Mora', startDateTime: '2026-11-29T23:30:00.000Z' };
    expect(initialCampaignValues(soon, TODAY)).toMatchObject({ cities: [], endDate: '2026-11-30' });
  });
});

describe('the click rate', () => {
  it('is clicks per impression, a dash before any impression', () => {
    expect(clickRate(0, 0)).toBeNull();
    expect(clickRate(200, 25)).toBe(0.125);
    expect(formatClickRate(null, 'fr-FR')).toBe('—');
    // The space before '%' is a no-break space (which one depends on the ICU data).
    const plain = (rate: number) => formatClickRate(rate, 'fr-FR').replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(0.125)).toBe('12,5 %');
    expect(plain(1 / 3)).toBe('33,3 %');
    expect(plain(0)).toBe('0 %');
  });

  it('totals the days', () => {
    expect(
      dailyTotals([
        { impressions: 10, clicks: 1 },
        { impressions: 30, clicks: 4 },
      ]),
    ).toEqual({ impressions: 40, clicks: 5 });
    expect(dailyTotals([])).toEqual({ impressions: 0, clicks: 0 });
  });
});

describe('the shared labels', () => {
  it('are the feature’s French words too, so the English ones match them', () => {
    for (const placement of AD_PLACEMENTS) {
      expect(promotionMessages.fr[`placement_${placement}`]).toBe(AD_PLACEMENT_LABELS[placement]);
    }
    for (const phase of CAMPAIGN_PHASES) expect(promotionMessages.fr[`phase_${phase}`]).toBe(CAMPAIGN_PHASE_LABELS[phase]);
  });
});
