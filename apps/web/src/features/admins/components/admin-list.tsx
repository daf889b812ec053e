import { formatPhone } from '@app/shared/phone';
import type { AdminCounts, ManagedUser } from '@app/shared/admins';
import { PAGE_SIZE, Pagination, pageCount } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n';
import type { AdminFilter } from '../api/get-admins';
import { useAdmins } from '../api/get-admins';
import { adminsMessages } from '../messages';
import { AdminStatusBadge } from './status-badge';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { SearchField } from '../../../components/ui/form/search-field';

const FILTERS: { value: AdminFilter; key: 'filterAll' | 'filterValidated' | 'filterPending' | 'filterBlocked' }[] = [
  { value: 'all', key: 'filterAll' },
  { value: 'validated', key: 'filterValidated' },
  { value: 'pending', key: 'filterPending' },
  { value: 'blocked', key: 'filterBlocked' },
];

interface AdminListProps {
  search: string;
  onSearch: (value: string) => void;
  /** The debounced search sent to the server. */
  query: string;
  filter: AdminFilter;
  onFilter: (value: AdminFilter) => void;
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  meId: string | undefined;
}

function countOf(counts: AdminCounts | undefined, filter: AdminFilter): number | undefined {
  return counts?.[filter];
}

export function AdminList(props: AdminListProps) {
  const t = useT(adminsMessages);
  const list = useAdmins({ q: props.query, status: props.filter, page: props.page, limit: PAGE_SIZE });
  const pages = pageCount(list.data?.total ?? 0, PAGE_SIZE);

  return (
    <section aria-labelledby="admin-list-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="admin-list-title" className="sr-only">
        {t('title')}
      </h2>
      <SearchField
        id="admin-search"
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={props.search}
        onChange={props.onSearch}
      />
      <fieldset>
        <legend className="sr-only">{t('filterLabel')}</legend>
        <div className="flex flex-wrap gap-1">
          {FILTERS.map((item) => {
            const count = countOf(list.data?.counts, item.value);
            const active = props.filter === item.value;
            return (
              <button
                key={item.value}
                type="button"
                aria-pressed={active}
                onClick={() => props.onFilter(item.value)}
                className={`min-h-9 rounded-full px-2.5 py-1 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  active ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
                }`}
              >
                {t(item.key)}
                {count !== undefined && (
                  <span className={`ml-1.5 text-xs ${active ? 'text-white' : 'text-slate-500'}`}>{count}</span>
                )}
              </button>
            );
          })}
        </div>
      </fieldset>

      {list.isPending ? (
        <ListLoading label={t('loading')} rows={4} />
      ) : list.isError ? (
        <ListError title={t('listError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{t('empty')}</p>
      ) : (
        <ul
          className={`divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white ${list.isFetching ? 'opacity-70' : ''}`}
          aria-busy={list.isFetching}
        >
          {list.data.items.map((admin) => (
            <li key={admin._id}>
              <AdminRow
                admin={admin}
                selected={admin._id === props.selectedId}
                isMe={admin._id === props.meId}
                onSelect={props.onSelect}
              />
            </li>
          ))}
        </ul>
      )}

      {list.data && list.data.total > PAGE_SIZE && <Pagination page={props.page} count={pages} onChange={props.onPage} />}
    </section>
  );
}

function initials(admin: ManagedUser): string {
  return `${admin.firstName.charAt(0)}${admin.lastName.charAt(0)}`.toUpperCase() || '?';
}

function AdminRow({
  admin,
  selected,
  isMe,
  onSelect,
}: {
  admin: ManagedUser;
  selected: boolean;
  isMe: boolean;
  onSelect: (id: string) => void;
}) {
  const t = useT(adminsMessages);
  const name = `${admin.firstName} ${admin.lastName}`.trim() || admin.email || admin.username || admin._id;
  return (
    <button
      type="button"
      onClick={() => onSelect(admin._id)}
      aria-current={selected ? 'true' : undefined}
      data-admin-id={admin._id}
      className={`flex w-full items-center gap-3 px-3 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
        selected ? 'bg-brand-50' : 'hover:bg-slate-50'
      }`}
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
      >
        {initials(admin)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium [overflow-wrap:anywhere] text-slate-900 sm:truncate" data-cell="name">
            {name}
          </span>
          {admin.role === 'superadmin' && (
            <span className="shrink-0 rounded bg-slate-800 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-white">
              {t('superadmin')}
            </span>
          )}
          {isMe && <span className="shrink-0 text-xs text-slate-500">({t('you')})</span>}
        </span>
        {/* Phones: the whole name and address on as many lines as they need, the status below them. */}
        <span className="block text-sm [overflow-wrap:anywhere] text-slate-500 sm:truncate" data-cell="contact">
          {admin.email ?? (admin.phone ? formatPhone(admin.phone) : admin.username)}
        </span>
        {admin.adminStatus && (
          <span className="mt-1 block sm:hidden">
            <AdminStatusBadge status={admin.adminStatus} />
          </span>
        )}
      </span>
      {admin.adminStatus && (
        <span className="hidden shrink-0 sm:block">
          <AdminStatusBadge status={admin.adminStatus} />
        </span>
      )}
    </button>
  );
}
