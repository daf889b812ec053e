import type { ContactChangeRequestInput, ContactChangeRequestResponse, DeleteAccountInput } from '@app/shared/account';
import type { PublicUser } from '@app/shared/users';
import { API_BASE, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

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
export function downloadMyData(): Promise<void> {
  return downloadFile(new URL(`${API_BASE}/users/me/export`, window.location.origin), 'mes-donnees.json');
}
