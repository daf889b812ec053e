import type { WaitlistEntry } from '@app/shared/waitlist';
import { WAITLIST_STATUSES } from '@app/shared/waitlist-messages';
import { type ReactNode, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PAGE_SIZE, Pagination, pageCount, pagesCapped } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { exportWaitlist } from '../api/export-waitlist';
import { useWaitlist, type WaitlistFilters } from '../api/get-waitlist';
import { useWaitlistAction, type WaitlistAction } from '../api/update-entry';
import { waitlistMessages } from '../messages';
import { EntryActions } from './entry-actions';
import { WaitlistEntries } from './waitlist-entries';
import { WaitlistFilterBar } from './waitlist-filter-bar';

export interface WaitlistManagerProps {
  /** Rows per page: PAGE_SIZE on the screen, fewer when embedded in the dashboard. */
  limit?: number;
  /** Embedded in the dashboard: no filters and no export. */
  compact?: boolean;
}

/**
 * The waiting-list admin: search, status filter, paged table, actions, CSV export. The
 * search, filter and page are in the URL, so a reload keeps them.
 */
export function WaitlistManager({ limit = PAGE_SIZE, compact = false }: WaitlistManagerProps) {
  const t = useT(waitlistMessages);
  const screen = useListScreen({ filters: { status: ['all', ...WAITLIST_STATUSES] as const } });
  const filters: WaitlistFilters = { page: screen.page, limit, search: screen.query, status: screen.filters.status };
  const [pendingDelete, setPendingDelete] = useState<WaitlistEntry | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useWaitlist(filters);
  const action = useWaitlistAction();

  const total = list.data?.total ?? 0;
  const count = pageCount(total, limit);
  // After a deletion the last page may be gone: step back to the new last page.
  useEffect(() => {
    if (list.data && screen.page > count) screen.setPage(count, { replace: true });
  }, [list.data, screen.page, count, screen.setPage]);

  const run = (entry: WaitlistEntry, kind: WaitlistAction) => {
    setActionError(null);
    action.mutate(
      { id: entry._id, action: kind },
      {
        onSuccess: () => {
          if (kind === 'delete') setPendingDelete(null);
          toast.success(t(kind === 'approve' ? 'approvedToast' : kind === 'reject' ? 'rejectedToast' : 'deletedToast'));
        },
        onError: (error) => {
          if (kind !== 'delete') setActionError(error.message);
        },
      },
    );
  };

  const onExport = async () => {
    setExporting(true);
    setActionError(null);
    try {
      await exportWaitlist(filters);
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  };

  const busy = (entry: WaitlistEntry) => action.isPending && action.variables?.id === entry._id;

  const actionsOf = (entry: WaitlistEntry, oneLine = false) => (
    <EntryActions
      entry={entry}
      oneLine={oneLine}
      busy={busy(entry)}
      onRun={(kind) => run(entry, kind)}
      onAskDelete={() => {
        action.reset();
        setPendingDelete(entry);
      }}
    />
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <SkeletonRows rows={Math.min(limit, 5)} />
      </div>
    );
  } else if (list.isError) {
    body = <Alert>{list.error.message}</Alert>;
  } else if (list.data.items.length === 0) {
    body = <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-slate-600">{t('empty')}</p>;
  } else {
    body = <WaitlistEntries items={list.data.items} actionsOf={actionsOf} compact={compact} />;
  }

  return (
    <div className="space-y-4">
      {compact ? null : (
        <WaitlistFilterBar
          search={screen.search}
          onSearch={screen.setSearch}
          status={filters.status}
          onStatus={(status) => screen.setFilters({ status })}
          exporting={exporting}
          onExport={onExport}
        />
      )}
      {compact ? null : (
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.data ? t('subtitle', { count: formatNumber(total) }) : '\u00a0'}
        </p>
      )}
      {actionError ? <Alert>{actionError}</Alert> : null}
      {body}
      {list.data && (!compact || total > limit) ? (
        <Pagination page={filters.page} count={count} capped={pagesCapped(total, limit)} onChange={screen.setPage} />
      ) : null}
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t('deleteTitle')}
        message={t('confirmDelete')}
        confirmLabel={t('delete')}
        pending={action.isPending}
        error={action.isError && action.variables?.action === 'delete' ? action.error.message : null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => pendingDelete && run(pendingDelete, 'delete')}
      />
    </div>
  );
}
