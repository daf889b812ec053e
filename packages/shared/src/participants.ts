import { z } from 'zod';
import { uuidParam } from './common';

/**
 * An event's participants for its organiser (issue 27 item 4, decision 044): the contract between
 * the API (`apps/api/src/modules/participants`) and the 'Participants' screen.
 *
 * - `GET    /api/events/:id/participants?q=&page=` → `ParticipantsPage` (newest first)
 * - `DELETE /api/events/:id/participants/:userId` → `RemoveParticipantResponse` (the person is told)
 * - `GET    /api/events/:id/participants.csv` → CSV (UTF-8 with BOM, ';'): Nom, Nom d'utilisateur, Inscrit le
 *
 * The event's organiser only: anyone else, a door helper included, gets 404 'Événement introuvable'.
 */

export const PARTICIPANTS_PAGE_SIZE = 20;
/** 10,000 participants are 500 pages: a page beyond is refused, never read. */
export const PARTICIPANTS_PAGE_MAX = 1000;
export const PARTICIPANTS_QUERY_MAX = 100;

export const PARTICIPANTS_SEARCH_TOO_LONG = `Recherche trop longue (${PARTICIPANTS_QUERY_MAX} caractères au plus)`;
export const PARTICIPANTS_PAGE_INVALID = 'Numéro de page invalide';

export const participantsQuerySchema = z.object({
  /** Part of a name or username, accents and case ignored. */
  q: z.string().trim().max(PARTICIPANTS_QUERY_MAX, { message: PARTICIPANTS_SEARCH_TOO_LONG }).default(''),
  page: z.coerce
    .number({ message: PARTICIPANTS_PAGE_INVALID })
    .int({ message: PARTICIPANTS_PAGE_INVALID })
    .min(1, { message: PARTICIPANTS_PAGE_INVALID })
    .max(PARTICIPANTS_PAGE_MAX, { message: PARTICIPANTS_PAGE_INVALID })
    .default(1),
});
export type ParticipantsQuery = z.input<typeof participantsQuerySchema>;

export const participantParamsSchema = z.object({ id: uuidParam, userId: uuidParam });

export const participantSchema = z.object({
  userId: z.uuid(),
  /** First and last name, else the username, else 'Anonyme': never a contact. */
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  joinedAt: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;

export const participantsEventSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  status: z.enum(['draft', 'published', 'cancelled']),
  participantsCount: z.number().int().min(0),
  /** Null: no maximum (shown ∞). */
  maxParticipants: z.number().int().nullable(),
});
export type ParticipantsEvent = z.infer<typeof participantsEventSchema>;

export const participantsPageSchema = z.object({
  event: participantsEventSchema,
  items: z.array(participantSchema),
  /** Every participant without a search (the event's counter); with one, exact up to 1,000, else an estimate. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type ParticipantsPage = z.infer<typeof participantsPageSchema>;

export const removeParticipantResponseSchema = z.object({
  message: z.string(),
  participantsCount: z.number().int().min(0),
});
export type RemoveParticipantResponse = z.infer<typeof removeParticipantResponseSchema>;

/** The answers' French texts (their English in i18n.ts). */
export const PARTICIPANT_REMOVED = 'Participant retiré : il a été prévenu';
export const PARTICIPANT_NOT_FOUND = 'Cette personne ne participe pas à cet évènement';
export const REMOVED_BY_ORGANISER = 'L’organisateur vous a retiré de cet évènement : vous ne pouvez plus y participer';

/** The CSV's columns, in order. */
export const PARTICIPANTS_CSV_HEADER = ['Nom', 'Nom d’utilisateur', 'Inscrit le'] as const;

/*
 * The people the organiser removed, and letting one back (decision 058):
 * - `GET    /api/events/:id/removals?page=` → `RemovalsPage` (most recently removed first)
 * - `DELETE /api/events/:id/removals/:userId` → `ReadmitResponse` (they may join again)
 * The event's organiser only, as the routes above.
 */
export const REMOVALS_PAGE_SIZE = 20;
export const REMOVALS_PAGE_MAX = 100;

export const removalsQuerySchema = z.object({
  page: z.coerce
    .number({ message: PARTICIPANTS_PAGE_INVALID })
    .int({ message: PARTICIPANTS_PAGE_INVALID })
    .min(1, { message: PARTICIPANTS_PAGE_INVALID })
    .max(REMOVALS_PAGE_MAX, { message: PARTICIPANTS_PAGE_INVALID })
    .default(1),
});
export type RemovalsQuery = z.input<typeof removalsQuerySchema>;

export const removalSchema = z.object({
  userId: z.uuid(),
  /** As a participant's: names, else the username, else 'Anonyme'; never a contact. */
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  removedAt: z.string(),
});
export type Removal = z.infer<typeof removalSchema>;

export const removalsPageSchema = z.object({
  items: z.array(removalSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type RemovalsPage = z.infer<typeof removalsPageSchema>;

export const readmitResponseSchema = z.object({ message: z.string() });
export type ReadmitResponse = z.infer<typeof readmitResponseSchema>;

export const PARTICIPANT_READMITTED = 'Personne réautorisée : elle peut de nouveau s’inscrire';
export const REMOVAL_NOT_FOUND = 'Cette personne n’a pas été retirée de cet évènement';
