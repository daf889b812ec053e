import { toDoualaParts } from '@app/shared/douala-time';
import { EVENT_CATEGORIES, type EventDetail, type EventFormInput } from '@app/shared/events';

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
