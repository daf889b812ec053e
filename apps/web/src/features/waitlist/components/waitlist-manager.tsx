import { formatPhone } from '@app/shared/phone';
import type { WaitlistEntry, WaitlistStatus } from '@app/shared/waitlist';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Table, TBody, Td, Th, THead } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { exportWaitlist } from '../api/export-waitlist';
import { useWaitlist, type WaitlistFilters } from '../api/get-waitlist';
import { useWaitlistAction, type WaitlistAction } from '../api/update-entry';
import { waitlistMessages } from '../messages';

const STATUS_TONE: Record<WaitlistStatus, BadgeTone> = { pending: 'yellow', approved: 'green', rejected: 'red' };
const SEARCH_DELAY_MS = 300;

export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initials(name)}
    </span>
  );
}

export interface WaitlistManagerProps {
  /** Rows per page: 10 on the screen (spec §9), fewer when embedded in the dashboard. */
  limit?: number;
  /** Embedded in the dashboard: no filters and no export. */
  compact?: boolean;
}

/** The waiting-list admin of spec §2: search, status filter, paged table, actions, CSV export. */
export function WaitlistManager({ limit = 10, compact = false }: WaitlistManagerProps) {
  const t = useT(waitlistMessages);
  const searchId = useId();
  const statusId = useId();
  const [searchInput, setSearchInput] = useState('');
  const [filters, setFilters] = useState<WaitlistFilters>({ page: 1, limit, search: '', status: 'all' });
  const [pendingDelete, setPendingDelete] = useState<WaitlistEntry | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useWaitlist(filters);
  const action = useWaitlistAction();

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((current) => (current.search === searchInput ? current : { ...current, search: searchInput, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  const total = list.data?.total ?? 0;
  const count = pageCount(total, limit);
  // After a deletion the last page may be gone: step back to the new last page.
  useEffect(() => {
    if (list.data && filters.page > count) setFilters((current) => ({ ...current, page: count }));
  }, [list.data, filters.page, count]);

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
  const statusLabel = (status: WaitlistStatus) => t(status);

  // In the desktop table the three actions are compact icon buttons (named, with a tooltip) so a
  // row stays one line at 1280 px; the phone cards keep the worded buttons.
  const rowActions = (entry: WaitlistEntry, oneLine = false) => {
    const label = (text: string, icon: ReactNode) =>
      oneLine ? { 'aria-label': text, title: text, children: <span aria-hidden="true">{icon}</span> } : { children: text };
    return (
      <fieldset
        className={`flex min-w-0 gap-2 ${oneLine ? 'flex-nowrap' : 'flex-wrap'}`}
        aria-label={t('actionsFor', { name: entry.name })}
        data-cell="actions"
      >
        {entry.status === 'pending' ? (
          <>
            <Button
              size="sm"
              variant="success"
              className={oneLine ? 'w-9 px-0' : ''}
              disabled={busy(entry)}
              onClick={() => run(entry, 'approve')}
              {...label(t('approve'), '✓')}
            />
            <Button
              size="sm"
              variant="secondary"
              className={oneLine ? 'w-9 px-0' : ''}
              disabled={busy(entry)}
              onClick={() => run(entry, 'reject')}
              {...label(t('reject'), '✕')}
            />
          </>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy(entry)}
          className={`text-red-700 hover:bg-red-50 ${oneLine ? 'w-9 px-0' : ''}`}
          onClick={() => {
            action.reset();
            setPendingDelete(entry);
          }}
          {...label(
            t('delete'),
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
              <path d="M8 2h4a1 1 0 0 1 1 1v1h4v2H3V4h4V3a1 1 0 0 1 1-1Zm-3 5h10l-.8 10.1A1 1 0 0 1 13.2 18H6.8a1 1 0 0 1-1-.9L5 7Z" />
            </svg>,
          )}
        />
      </fieldset>
    );
  };

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
    const items = list.data.items;
    body = (
      <>
        <ul className="space-y-3 md:hidden" aria-label={t('title')}>
          {items.map((entry) => (
            <li key={entry._id} className="rounded-lg border border-slate-200 bg-white p-4" data-entry={entry._id}>
              <div className="flex items-start gap-3">
                <Avatar name={entry.name} />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-slate-900">{entry.name}</p>
                  <p className="text-sm break-all text-slate-700">{entry.email ?? '—'}</p>
                  <p className="text-sm whitespace-nowrap text-slate-700">{formatPhone(entry.phone)}</p>
                </div>
                <Badge tone={STATUS_TONE[entry.status]}>{statusLabel(entry.status)}</Badge>
              </div>
              <p className="mt-2 text-xs text-slate-600">
                {t('date')} : {formatDate(entry.createdAt, { dateStyle: 'short' })}
              </p>
              <div className="mt-3">{rowActions(entry)}</div>
            </li>
          ))}
        </ul>
        <div className="hidden md:block">
          <Table caption={t('title')}>
            <THead>
              <tr>
                <Th className="px-3">{t('user')}</Th>
                <Th className="px-3">{t('email')}</Th>
                <Th className="px-3">{t('phone')}</Th>
                <Th className="px-3">{t('status')}</Th>
                <Th className="px-3 whitespace-normal">{t('date')}</Th>
                <Th className="px-3">{t('actions')}</Th>
              </tr>
            </THead>
            <TBody>
              {items.map((entry) => (
                <tr key={entry._id} data-entry={entry._id}>
                  <Td className="px-3">
                    <span className="flex items-center gap-2">
                      <Avatar name={entry.name} />
                      <span className="block max-w-28 truncate font-medium 2xl:max-w-48" title={entry.name} data-cell="name">
                        {entry.name}
                      </span>
                    </span>
                  </Td>
                  <Td className="px-3">
                    {/* One line: a long address is cut with '…', the whole of it on hover and on focus (a mail link). */}
                    {entry.email ? (
                      <a
                        href={`mailto:${entry.email}`}
                        title={entry.email}
                        className="block max-w-36 truncate rounded text-slate-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 2xl:max-w-64"
                        data-cell="email"
                      >
                        {entry.email}
                      </a>
                    ) : (
                      '—'
                    )}
                  </Td>
                  <Td className="px-3 whitespace-nowrap" data-cell="phone">
                    {formatPhone(entry.phone)}
                  </Td>
                  <Td className="px-3">
                    <Badge tone={STATUS_TONE[entry.status]}>{statusLabel(entry.status)}</Badge>
                  </Td>
                  <Td className="px-3 whitespace-nowrap">{formatDate(entry.createdAt, { dateStyle: 'short' })}</Td>
                  <Td className="px-3">{rowActions(entry, true)}</Td>
                </tr>
              ))}
            </TBody>
          </Table>
        </div>
      </>
    );
  }

  return (
    <div className="space-y-4">
      {compact ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-700">
              {t('search')}
            </label>
            <input
              id={searchId}
              type="search"
              value={searchInput}
              onChange={(event) => setSearchInput(event.target.value)}
              placeholder={t('searchPlaceholder')}
              maxLength={100}
              className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
            />
          </div>
          <div>
            <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-700">
              {t('status')}
            </label>
            <select
              id={statusId}
              value={filters.status}
              onChange={(event) =>
                setFilters((current) => ({ ...current, status: event.target.value as WaitlistFilters['status'], page: 1 }))
              }
              className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600 sm:w-44"
            >
              <option value="all">{t('all')}</option>
              <option value="pending">{t('pending')}</option>
              <option value="approved">{t('approved')}</option>
              <option value="rejected">{t('rejected')}</option>
            </select>
          </div>
          <Button variant="secondary" onClick={onExport} disabled={exporting}>
            {exporting ? t('exporting') : t('export')}
          </Button>
        </div>
      )}
      {compact ? null : (
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.data ? t('subtitle', { count: formatNumber(total) }) : '\u00a0'}
        </p>
      )}
      {actionError ? <Alert>{actionError}</Alert> : null}
      {body}
      {list.data && (!compact || total > limit) ? (
        <Pagination page={filters.page} count={count} onChange={(page) => setFilters((current) => ({ ...current, page }))} />
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
