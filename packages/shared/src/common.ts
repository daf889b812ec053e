import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** One of `ERROR_CODES` (kept out of errors.ts, which the web app's first screen loads without zod). */
export const errorCodeSchema = z.enum(ERROR_CODES);

/** Every error body of the API. `message` is French and shown as is. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Any uuid in a path (or a body): one message for a malformed one. */
export const uuidParam = z.uuid({ message: 'Identifiant invalide' });

export const idParamsSchema = z.object({ id: uuidParam });

export const PAGE_LIMIT_MAX = 100;

/** `?page=1&limit=10`, 1-based, limit capped. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0) });
}

/** Where a keyset page starts: the previous page's `next` (decision 069). */
export interface Cursor {
  /** The sort key, in whole microseconds since 1970. */
  micros: string;
  id: string;
}

const CURSOR_INVALID = 'Curseur invalide : repartez de la première page';

/** `?after=`: the `next` of the previous page, `<microseconds>.<id>`; the page number is then ignored. */
export const afterQuerySchema = z
  .string()
  .regex(/^-?\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { message: CURSOR_INVALID })
  .transform((value): Cursor => {
    const dot = value.indexOf('.');
    return { micros: value.slice(0, dot), id: value.slice(dot + 1) };
  })
  .optional();

/** A page that can be followed by keyset: `next` is the cursor of the page after it, null at the end. */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({ next: z.string().nullable() });
}

export const messageSchema = z.object({ message: z.string() });

/** Trimmed text with a French message for an empty value. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: `${max} caractères au maximum` });
}

/** An e-mail address: trimmed, lower case, at most 254 characters; `required` is the message when empty. */
export function emailSchema({
  required,
  invalid = 'Adresse e-mail invalide',
  tooLong = invalid,
}: {
  required?: string;
  invalid?: string;
  tooLong?: string;
} = {}) {
  const text = z
    .string(required ? { message: required } : undefined)
    .trim()
    .toLowerCase();
  return (required ? text.min(1, { message: required }) : text)
    .max(254, { message: tooLong })
    .pipe(z.email({ message: invalid }));
}

export const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.union([z.literal(''), z.email({ message: 'Adresse e-mail invalide' })]))
  .optional()
  .transform((value) => (value ? value : undefined));
