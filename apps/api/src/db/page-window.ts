import { PAGE_DEPTH_MAX } from '@app/shared/page-depth';
import { AppError } from '../lib/errors';

const PAGE_TOO_DEEP = 'Page trop lointaine : affinez la recherche ou les filtres';

/**
 * The rows a numbered page skips and reads (decision 069). No page starts past PAGE_DEPTH_MAX rows,
 * for any caller: a deeper offset costs the database every row before it (a second at a million),
 * so beyond, a filter or search narrows the list, or the `next` cursor follows it.
 */
export function pageWindow(
  query: { page: number; limit: number; after?: unknown },
  message = PAGE_TOO_DEEP,
): { limit: number; offset: number } {
  // A keyset page (`?after=`) starts at its cursor: no offset, no depth to cap.
  if (query.after) return { limit: query.limit, offset: 0 };
  const offset = (query.page - 1) * query.limit;
  if (offset >= PAGE_DEPTH_MAX) throw new AppError('PAGE_TOO_DEEP', message, { page: [message] });
  return { limit: query.limit, offset };
}
