import { API_BASE } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { type TransactionFilters, transactionsQuery } from './get-transactions';

/** `GET /api/admin/transactions.csv`: the filtered payments as a CSV file (UTF-8 with BOM, ';'). */
export async function exportTransactions(filters: TransactionFilters): Promise<void> {
  const url = new URL(`${API_BASE}/admin/transactions.csv`, window.location.origin);
  for (const [key, value] of Object.entries(transactionsQuery(filters))) url.searchParams.set(key, value);
  return downloadFile(url, 'transactions.csv');
}
