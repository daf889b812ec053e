import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../../lib/api-client';
import { getLanguage, localize } from '../../../lib/i18n';

export interface ServerErrorTarget<T extends FieldValues> {
  setError: UseFormSetError<T>;
}

/**
 * Puts the API's per-field messages (`fieldErrors`, each path's first message) on the form's
 * fields. `fieldOf` turns a server path into a form field, or null to leave it out (the page's
 * alert shows the message then); by default every path is taken as the form field of that name.
 * Answers whether at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  form: ServerErrorTarget<T>,
  error: unknown,
  fieldOf: (path: string) => FieldPath<T> | null = (path) => path as FieldPath<T>,
): boolean {
  if (!(error instanceof ApiRequestError) || !error.fieldErrors) return false;
  let applied = false;
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    const field = fieldOf(path);
    const message = messages[0];
    if (!field || !message) continue;
    form.setError(field, { type: 'server', message: localize(message, getLanguage()) });
    applied = true;
  }
  return applied;
}

/** `fieldOf` for a fixed list of fields: a path is kept when it is one of them. */
export function onlyFields<F extends string>(fields: readonly F[]) {
  return (path: string): F | null => ((fields as readonly string[]).includes(path) ? (path as F) : null);
}
