import { ApiRequestError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../../lib/api-client';

/** The message to show for a failed call: the server's French message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    if (error.code === 'TIMEOUT') return TIMEOUT_MESSAGE;
    if (error.status === 0) return NETWORK_ERROR_MESSAGE;
    return error.body?.message || fallback;
  }
  return fallback;
}

/** Puts the server's per-field messages on the form fields it knows. */
export function applyFieldErrors<T extends string>(
  error: unknown,
  fields: readonly T[],
  setError: (name: T, error: { type: string; message: string }) => void,
): boolean {
  if (!(error instanceof ApiRequestError) || !error.fieldErrors) return false;
  let applied = false;
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(name) && messages[0]) {
      setError(name as T, { type: 'server', message: messages[0] });
      applied = true;
    }
  }
  return applied;
}

/** Spec §8: the SMS code service has problems; a WhatsApp contact. */
export function smsNoticeText(supportPhone: string | undefined): string {
  const contact = supportPhone ? ` sur WhatsApp au ${supportPhone}` : ' sur WhatsApp';
  return `Notre service d'envoi de codes par SMS rencontre actuellement des problèmes. Si vous ne recevez pas votre code, contactez-nous${contact}.`;
}

export function whatsappLink(supportPhone: string | undefined): string | null {
  const digits = (supportPhone ?? '').replace(/\D/g, '');
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}
