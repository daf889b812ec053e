import { toDoualaParts } from '@app/shared/douala-time';
import { EVENT_CATEGORIES, EVENT_DEFAULTS, type EventDetail, type EventFormInput } from '@app/shared/events';
import type { FieldPath } from 'react-hook-form';

/** The event as the form's values (dates and times in Africa/Douala). */
export function eventToFormValues(event: EventDetail): EventFormInput {
  const start = toDoualaParts(event.startDateTime);
  const end = toDoualaParts(event.endDateTime);
  return {
    title: event.title,
    description: event.description,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    address: event.location.address,
    city: event.location.city,
    category: (EVENT_CATEGORIES as readonly string[]).includes(event.category)
      ? (event.category as EventFormInput['category'])
      : ('' as EventFormInput['category']),
    tags: event.tags,
    ticketTypes: event.ticketTypes.map(({ name, price, quantity, description }) => ({ name, price, quantity, description })),
    maxParticipants: event.maxParticipants ?? '',
    isPublic: event.isPublic,
    isHighlighted: event.isHighlighted,
  };
}

/** The creation dialog's empty form, with the defaults. */
export const EMPTY_EVENT_FORM: EventFormInput = {
  title: '',
  description: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  address: '',
  city: '',
  category: '' as EventFormInput['category'],
  tags: [],
  ticketTypes: [{ ...EVENT_DEFAULTS.ticketType }],
  maxParticipants: EVENT_DEFAULTS.maxParticipants,
  isPublic: EVENT_DEFAULTS.isPublic,
  isHighlighted: EVENT_DEFAULTS.isHighlighted,
};

/** Server field paths → form field names (location.* and *DateTime differ). */
export function eventFieldOf(path: string): FieldPath<EventFormInput> | null {
  if (path === 'location.address') return 'address';
  if (path === 'location.city') return 'city';
  if (path === 'startDateTime') return 'startDate';
  if (path === 'endDateTime') return 'endTime';
  if (/^(title|description|category|maxParticipants|tags)$/.test(path)) return path as FieldPath<EventFormInput>;
  if (/^ticketTypes\.\d+\.(name|price|quantity|description)$/.test(path)) return path as FieldPath<EventFormInput>;
  return null;
}
