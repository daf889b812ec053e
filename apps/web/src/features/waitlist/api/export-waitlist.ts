import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import type { WaitlistFilters } from './get-waitlist';

/**
 * `GET /api/admin/waitlist/export.csv`: the filtered list as a CSV file Excel opens with its
 * accents (the server writes the BOM). Fetched with the bearer token, then saved by the browser.
 */
export async function exportWaitlist(filters: Pick<WaitlistFilters, 'search' | 'status'>): Promise<void> {
  const url = new URL(`${API_BASE}/admin/waitlist/export.csv`, window.location.origin);
  if (filters.search.trim()) url.searchParams.set('search', filters.search.trim());
  url.searchParams.set('status', filters.status);
  return downloadFile(url, 'liste-d-attente.csv');
}
