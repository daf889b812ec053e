import { ApiRequestError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from '../../lib/api-client';
import { getLanguage, localize } from '../../lib/i18n';

/** The message to show for a failed call: the server's message, else the given fallback, in the current language. */
export function errorMessage(error: unknown, fallback: string): string {
  const language = getLanguage();
  if (error instanceof ApiRequestError) {
    if (error.code === 'TIMEOUT') return localize(TIMEOUT_MESSAGE, language);
    if (error.status === 0) return localize(NETWORK_ERROR_MESSAGE, language);
    return localize(error.body?.message || fallback, language);
  }
  return localize(fallback, language);
}

/** The SMS code service has problems; a WhatsApp contact. */
export function smsNoticeText(supportPhone: string | undefined): string {
  const contact = supportPhone ? ` sur WhatsApp au ${supportPhone}` : ' sur WhatsApp';
  return `Notre service d'envoi de codes par SMS rencontre actuellement des problèmes. Si vous ne recevez pas votre code, contactez-nous${contact}.`;
}

export function whatsappLink(supportPhone: string | undefined): string | null {
  const digits = (supportPhone ?? '').replace(/\D/g, '');
  return digits.length >= 8 ? `https://wa.me/${digits}` : null;
}
