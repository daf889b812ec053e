import { isErrorCode } from '@app/shared/errors';
import { API_BASE, ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';
import type { WaitlistFilters } from './get-waitlist';

/**
 * `GET /api/admin/waitlist/export.csv`: the filtered list as a CSV file Excel opens with its
 * accents (the server writes the BOM). Fetched with the bearer token, then saved by the browser.
 */
export async function exportWaitlist(filters: Pick<WaitlistFilters, 'search' | 'status'>): Promise<void> {
  const url = new URL(`${API_BASE}/admin/waitlist/export.csv`, window.location.origin);
  if (filters.search.trim()) url.searchParams.set('search', filters.search.trim());
  url.searchParams.set('status', filters.status);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  } catch {
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE, 'NETWORK', null);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiRequestError(
      response.status,
      body?.message ?? 'Une erreur est survenue',
      isErrorCode(body?.code) ? body.code : 'HTTP_ERROR',
      null,
    );
  }
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'liste-d-attente.csv';
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
