import type { ContactChangeRequestInput, ContactChangeRequestResponse, DeleteAccountInput } from '@app/shared/account';
import type { PublicUser } from '@app/shared/users';
import { localize } from '@app/shared/i18n';
import { API_BASE, ApiRequestError, apiRequest, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { getLanguage } from '../../../lib/i18n';
import { getToken } from '../../../lib/session';

/** `POST /api/users/me/contact`: the code goes to the new e-mail or phone (decision 048). */
export function requestContactChange(input: ContactChangeRequestInput) {
  return apiRequest<ContactChangeRequestResponse>('/users/me/contact', { method: 'POST', body: input });
}

/** `POST /api/users/me/contact/confirm`: the new contact replaces the old one. */
export function confirmContactChange(otp: string) {
  return apiRequest<{ message: string; user: PublicUser }>('/users/me/contact/confirm', { method: 'POST', body: { otp } });
}

/** `DELETE /api/users/me`: the account is erased; the session ends with it. */
export function deleteAccount(input: DeleteAccountInput) {
  return apiRequest<{ message: string }>('/users/me', { method: 'DELETE', body: input });
}

/**
 * `GET /api/users/me/export`, saved as the file the server names (`mes-donnees-YYYY-MM-DD.json`).
 * Read as a blob: the answer is a file, not an API object.
 */
export async function downloadMyData(): Promise<void> {
  const language = getLanguage();
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/users/me/export`, {
      headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'include',
    });
  } catch {
    throw new ApiRequestError(0, localize(NETWORK_ERROR_MESSAGE, language), 'NETWORK', null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiRequestError(
      response.status,
      localize(body?.message ?? 'Une erreur est survenue', language),
      'HTTP_ERROR',
      body as never,
    );
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'mes-donnees.json';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
