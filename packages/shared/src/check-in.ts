import { z } from 'zod';
import { uuidParam } from './common';

/**
 * Door check-in (issue 27 item 4): the contract between the API (`modules/check-in`) and the
 * door's screen. The ticket's QR format is in `check-in-ticket.ts`.
 *
 * Routes (all signed in; the event's organiser or one of its door helpers, else 404):
 * - `GET  /api/events/:id/check-in` → `CheckInBundle`: what the door's phone keeps to work offline.
 * - `POST /api/events/:id/check-in/scans` with `CheckInScansInput` → `CheckInScansResponse`.
 * Door helpers (the organiser only):
 * - `GET    /api/events/:id/door-helpers` → `DoorHelpersResponse`
 * - `POST   /api/events/:id/door-helpers` with `AddDoorHelperInput` → 201 `DoorHelper`
 * - `DELETE /api/events/:id/door-helpers/:userId` → `{ message }`
 * The account's own side:
 * - `GET /api/users/me/participations/:eventId/ticket` → `MyTicket` (the participant's ticket)
 * - `GET /api/users/me/door-events` → `MyDoorEventsResponse` (events where the account is a door helper)
 */

/** `valid`: this scan admitted the ticket; `already`: it was admitted before (by any scan, any entrance); `unknown`: not a ticket of this event. */
export const SCAN_STATUSES = ['valid', 'already', 'unknown'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const checkInTicketSchema = z.object({
  ticketId: z.uuid(),
  /** The participant's display name (first and last name, else username). */
  name: z.string(),
  username: z.string().nullable(),
  /** The ticket's first admission, whatever the entrance; null while not admitted. */
  admittedAt: z.string().nullable(),
});
export type CheckInTicket = z.infer<typeof checkInTicketSchema>;

export const checkInCountsSchema = z.object({
  /** 'inscrits': the participants with a ticket. */
  registered: z.number().int().min(0),
  /** 'présents': the tickets admitted at least once. */
  admitted: z.number().int().min(0),
});
export type CheckInCounts = z.infer<typeof checkInCountsSchema>;

export const checkInBundleSchema = z.object({
  eventId: z.uuid(),
  title: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  /** The event's Ed25519 public key, raw 32 bytes in base64url: verifies ticket QR codes offline. */
  publicKey: z.string(),
  /** Whether the caller is the organiser (false: a door helper, who only scans). */
  isOrganiser: z.boolean(),
  tickets: z.array(checkInTicketSchema),
  /** Tickets no longer valid (the participant left or was removed): a signed QR of these is refused. */
  revoked: z.array(z.uuid()),
  counts: checkInCountsSchema,
  generatedAt: z.string(),
});
export type CheckInBundle = z.infer<typeof checkInBundleSchema>;

export const CHECK_IN_SCANS_MAX = 200;

export const checkInScanSchema = z.strictObject({
  /** Made by the phone (crypto.randomUUID()) when it scans: a scan sent twice counts once. */
  scanId: uuidParam,
  /** The QR text read, or the ticket id ticked by hand in the search. */
  ticket: z.string().trim().min(1, { message: 'Billet manquant' }).max(500, { message: 'Billet inconnu' }),
  /** When the phone scanned it (ISO 8601 with offset), which may be long before it could send it. */
  scannedAt: z.iso.datetime({ offset: true, message: 'Date invalide' }),
  /** Free name of the door ('Entrée principale'), for the organiser's figures. */
  entrance: z.string().trim().max(60, { message: 'Nom d’entrée trop long (60 caractères au plus)' }).optional(),
});
export type CheckInScan = z.infer<typeof checkInScanSchema>;

export const checkInScansInputSchema = z.strictObject({
  scans: z
    .array(checkInScanSchema)
    .min(1, { message: 'Aucun scan à envoyer' })
    .max(CHECK_IN_SCANS_MAX, { message: `${CHECK_IN_SCANS_MAX} scans au plus par envoi` }),
});
export type CheckInScansInput = z.infer<typeof checkInScansInputSchema>;

export const checkInScanResultSchema = z.object({
  scanId: z.uuid(),
  status: z.enum(SCAN_STATUSES),
  ticketId: z.uuid().nullable(),
  name: z.string().nullable(),
  /** The ticket's first admission (for 'Déjà scanné à 19:42'); null for 'unknown'. */
  admittedAt: z.string().nullable(),
});
export type CheckInScanResult = z.infer<typeof checkInScanResultSchema>;

/** Results in the order of the scans sent; the same scanId always gets the same result. */
export const checkInScansResponseSchema = z.object({
  results: z.array(checkInScanResultSchema),
  counts: checkInCountsSchema,
});
export type CheckInScansResponse = z.infer<typeof checkInScansResponseSchema>;

export const doorHelperSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  username: z.string().nullable(),
  addedAt: z.string(),
});
export type DoorHelper = z.infer<typeof doorHelperSchema>;

export const doorHelpersResponseSchema = z.object({ items: z.array(doorHelperSchema) });
export type DoorHelpersResponse = z.infer<typeof doorHelpersResponseSchema>;

/** The helper's username, e-mail or phone (any form), as at sign-in. */
export const addDoorHelperSchema = z.strictObject({
  login: z
    .string({ message: 'Indiquez le nom d’utilisateur, l’e-mail ou le téléphone' })
    .trim()
    .min(1, { message: 'Indiquez le nom d’utilisateur, l’e-mail ou le téléphone' })
    .max(200, { message: 'Trop long (200 caractères au plus)' }),
});
export type AddDoorHelperInput = z.infer<typeof addDoorHelperSchema>;

export const myTicketSchema = z.object({
  eventId: z.uuid(),
  ticketId: z.uuid(),
  /** The text of the QR code (`check-in-ticket.ts`). */
  qr: z.string(),
  holderName: z.string(),
  title: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  address: z.string(),
  city: z.string(),
  cancelled: z.boolean(),
  admittedAt: z.string().nullable(),
});
export type MyTicket = z.infer<typeof myTicketSchema>;

export const myDoorEventsResponseSchema = z.object({
  items: z.array(z.object({ eventId: z.uuid(), title: z.string(), startDateTime: z.string(), endDateTime: z.string() })),
});
export type MyDoorEventsResponse = z.infer<typeof myDoorEventsResponseSchema>;
