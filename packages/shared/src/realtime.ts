import { z } from 'zod';

/*
 * The real-time stream `GET /api/users/me/stream` (decision 063): server-sent events, read by
 * the web app with fetch (an EventSource cannot send the Authorization header).
 */

export const REALTIME_STREAM_ACCEPT = 'Ce flux se lit en server-sent events : envoyez l’en-tête Accept: text/event-stream';

export const realtimeStreamHeadersSchema = z.object({
  accept: z
    .string({ message: REALTIME_STREAM_ACCEPT })
    .refine((value) => value.includes('text/event-stream'), { message: REALTIME_STREAM_ACCEPT }),
});
