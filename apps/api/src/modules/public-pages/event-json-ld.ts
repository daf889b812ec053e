import { doualaIso } from '@app/shared/douala-time';
import { summary } from './format';
import type { PublicEvent } from './public-pages.repository';

/** The schema.org/Event of an event page (offers in XAF, status cancelled when cancelled). */
export function eventJsonLd(event: PublicEvent, url: string, images: string[]) {
  const left = event.maxParticipants === null ? null : Math.max(0, event.maxParticipants - event.participantsCount);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: summary(event.description, 500),
    startDate: doualaIso(event.startDateTime),
    endDate: doualaIso(event.endDateTime),
    eventStatus: event.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url,
    image: images,
    location: {
      '@type': 'Place',
      name: event.address,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.address,
        addressLocality: event.city,
        addressCountry: event.country === 'Cameroun' ? 'CM' : event.country,
      },
      ...(event.latitude !== null && event.longitude !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: event.latitude, longitude: event.longitude } }
        : {}),
    },
    organizer: { '@type': 'Person', name: event.creatorName ?? 'Anonyme' },
    offers: event.ticketTypes.map((ticket) => ({
      '@type': 'Offer',
      name: ticket.name,
      price: ticket.price,
      priceCurrency: 'XAF',
      availability: left === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      url,
      validFrom: doualaIso(event.createdAt),
    })),
  };
}
