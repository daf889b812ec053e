import { isErrorCode } from '@app/shared/errors';
import { ApiRequestError, NETWORK_ERROR_MESSAGE, OFFLINE_MESSAGE } from './api-client';
import { getLanguage, localize } from './i18n';
import { getToken } from './session';

/**
 * Fetches a file of the API (a CSV export, the account's data) with the bearer token and has the
 * browser save it under the name the server gives (`content-disposition`), else `fallbackName`.
 * Fails like `apiRequest`: an ApiRequestError with the server's message in the person's language,
 * or the offline or network message.
 */
export async function downloadFile(url: URL, fallbackName: string): Promise<void> {
  const language = getLanguage();
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    const message = navigator.onLine === false ? OFFLINE_MESSAGE : NETWORK_ERROR_MESSAGE;
    throw new ApiRequestError(0, localize(message, language), 'NETWORK', null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiRequestError(
      response.status,
      localize(body?.message ?? 'Une erreur est survenue', language),
      isErrorCode(body?.code) ? body.code : 'HTTP_ERROR',
      null,
    );
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
