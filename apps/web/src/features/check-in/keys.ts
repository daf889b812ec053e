/** Query keys of the ticket, the door helpers and the doors the account helps at. */
export const checkInKeys = {
  ticket: (eventId: string) => ['my-ticket', eventId] as const,
  helpers: (eventId: string) => ['door-helpers', eventId] as const,
  doorEvents: ['my-door-events'] as const,
};
