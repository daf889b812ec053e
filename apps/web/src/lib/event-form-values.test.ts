import { type EventDetail, eventFormSchema, formToEventInput } from '@app/shared/events';
import { describe, expect, it } from 'vitest';
import { EMPTY_EVENT_FORM, eventFieldOf, eventToFormValues } from './event-form-values';

function event(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    title: 'Festival du Ndolé',
    description: 'Trois jours de cuisine au bord du Wouri.',
    // 17:30 UTC is 18:30 in Douala (UTC+1, no daylight saving).
    startDateTime: '2026-12-12T17:30:00.000Z',
    endDateTime: '2026-12-12T23:15:00.000Z',
    location: { address: 'Boulevard de la Liberté', city: 'Douala', country: 'Cameroun', coordinates: null },
    category: 'food',
    tags: ['cuisine', 'famille'],
    isPublic: true,
    isHighlighted: false,
    maxParticipants: 300,
    organizerId: null,
    status: 'draft',
    creator: { name: 'Awa' },
    participantsCount: 0,
    commentsCount: 0,
    likes: 0,
    views: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    publicPath: '/evenements/festival-du-ndole-abc',
    ticketTypes: [
      { _id: '00000000-0000-4000-8000-000000000002', name: 'Standard', price: 2000, quantity: 250, description: '' },
      { _id: '00000000-0000-4000-8000-000000000003', name: 'VIP', price: 10000, quantity: 50, description: 'Table réservée' },
    ],
    images: [],
    customisation: { accentColor: null, coverLayout: null, shortAddress: null, shown: false, shortUrl: null },
    ...overrides,
  };
}

describe('eventToFormValues', () => {
  it('gives the dates and times as read in Douala, and the location as fields', () => {
    const values = eventToFormValues(event());
    expect(values).toMatchObject({
      startDate: '2026-12-12',
      startTime: '18:30',
      endDate: '2026-12-13',
      endTime: '00:15',
      address: 'Boulevard de la Liberté',
      city: 'Douala',
      category: 'food',
      maxParticipants: 300,
    });
    expect(values.ticketTypes).toEqual([
      { name: 'Standard', price: 2000, quantity: 250, description: '' },
      { name: 'VIP', price: 10000, quantity: 50, description: 'Table réservée' },
    ]);
  });

  it('leaves the category empty when the stored one is no longer offered, and the maximum empty when there is none', () => {
    const values = eventToFormValues(event({ category: 'retired-category', maxParticipants: null }));
    expect(values.category).toBe('');
    expect(values.maxParticipants).toBe('');
  });

  it('round-trips through the form: formToEventInput gives back the same instants and fields', () => {
    const stored = event();
    const input = formToEventInput(eventFormSchema.parse(eventToFormValues(stored)));
    expect(Date.parse(input.startDateTime)).toBe(Date.parse(stored.startDateTime));
    expect(Date.parse(input.endDateTime)).toBe(Date.parse(stored.endDateTime));
    expect(input.startDateTime).toBe('2026-12-12T18:30:00+01:00');
    expect(input.location).toEqual({ address: 'Boulevard de la Liberté', city: 'Douala', country: 'Cameroun' });
    expect(input.ticketTypes).toEqual(stored.ticketTypes.map(({ _id, ...ticket }) => ticket));
    expect(input).toMatchObject({ title: stored.title, category: 'food', tags: stored.tags, maxParticipants: 300 });
  });
});

describe('formToEventInput', () => {
  it('turns typed numbers into integers and the Douala date and time into an instant with its offset', () => {
    const values = eventFormSchema.parse({
      ...eventToFormValues(event()),
      startDate: '2027-01-05',
      startTime: '09:00',
      endDate: '2027-01-05',
      endTime: '12:00',
      maxParticipants: '40',
      ticketTypes: [{ name: 'Entrée', price: '0', quantity: '40', description: '' }],
    });
    const input = formToEventInput(values);
    expect(input.startDateTime).toBe('2027-01-05T09:00:00+01:00');
    expect(new Date(input.startDateTime).toISOString()).toBe('2027-01-05T08:00:00.000Z');
    expect(input.maxParticipants).toBe(40);
    expect(input.ticketTypes).toEqual([{ name: 'Entrée', price: 0, quantity: 40, description: '' }]);
  });
});

describe('eventFieldOf', () => {
  it('puts the server’s paths on the form’s fields', () => {
    expect(eventFieldOf('location.address')).toBe('address');
    expect(eventFieldOf('location.city')).toBe('city');
    expect(eventFieldOf('startDateTime')).toBe('startDate');
    expect(eventFieldOf('endDateTime')).toBe('endTime');
    expect(eventFieldOf('title')).toBe('title');
    expect(eventFieldOf('ticketTypes.2.price')).toBe('ticketTypes.2.price');
  });

  it('leaves out what the form does not show', () => {
    expect(eventFieldOf('organizerId')).toBeNull();
    expect(eventFieldOf('ticketTypes.0._id')).toBeNull();
    expect(eventFieldOf('location.country')).toBeNull();
  });
});

describe('EMPTY_EVENT_FORM', () => {
  it('starts with one ticket type and the spec’s defaults, and is refused as is', () => {
    expect(EMPTY_EVENT_FORM.ticketTypes).toHaveLength(1);
    expect(eventFormSchema.safeParse(EMPTY_EVENT_FORM).success).toBe(false);
  });
});
