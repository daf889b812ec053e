import type { ManagedUser, UserReportFilter } from '@app/shared/admins';
import { PAGE_SIZE, Pagination, pageCount } from '../../../components/ui/pagination';
import { formatPhone } from '@app/shared/phone';
import { useT } from '../../../lib/i18n';
import { type UserStatusFilter, useUsers } from '../api/get-users';
import { usersMessages } from '../messages';
import { UserAvatar } from './user-avatar';
import { UserStatusBadge } from './user-status-badge';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { FilterSelect, type FilterSelectProps } from '../../../components/ui/form/filter-select';
import { SearchField } from '../../../components/ui/form/search-field';

interface UserListProps {
  search: string;
  onSearch: (value: string) => void;
  /** The debounced search sent to the server. */
  query: string;
  status: UserStatusFilter;
  onStatus: (value: UserStatusFilter) => void;
  reports: UserReportFilter;
  onReports: (value: UserReportFilter) => void;
  page: number;
  onPage: (page: number) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function UserList(props: UserListProps) {
  const t = useT(usersMessages);
  const list = useUsers({ q: props.query, status: props.status, reports: props.reports, page: props.page });
  const pages = pageCount(list.data?.total ?? 0, PAGE_SIZE);
  const filterFields: FilterSelectProps[] = [
    {
      id: 'user-status',
      label: t('statusFilter'),
      value: props.status,
      onChange: (value) => props.onStatus(value as UserStatusFilter),
      options: [
        { value: 'all', label: t('all') },
        { value: 'active', label: t('active') },
        { value: 'blocked', label: t('blocked') },
        { value: 'pending', label: t('pending') },
      ],
    },
    {
      id: 'user-reports',
      label: t('reportFilter'),
      value: props.reports,
      onChange: (value) => props.onReports(value as UserReportFilter),
      options: [
        { value: 'all', label: t('all') },
        { value: 'reported', label: t('reported') },
        { value: 'not_reported', label: t('notReported') },
      ],
    },
  ];

  return (
    <section aria-labelledby="user-list-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="user-list-title" className="sr-only">
        {t('title')}
      </h2>
      <SearchField
        id="user-search"
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={props.search}
        onChange={props.onSearch}
      />
      <div className="grid grid-cols-2 gap-2">
        {filterFields.map((filter) => (
          <FilterSelect key={filter.id} {...filter} />
        ))}
      </div>

      {list.isPending ? (
        <ListLoading label={t('loading')} rows={5} />
      ) : list.isError ? (
        <ListError title={t('listError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">{t('empty')}</p>
      ) : (
        <>
          <p className="text-xs text-slate-500">{t('total', { count: list.data.total })}</p>
          <ul
            className={`divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white ${list.isFetching ? 'opacity-70' : ''}`}
            aria-busy={list.isFetching}
          >
            {list.data.items.map((user) => (
              <li key={user._id}>
                <UserRow user={user} selected={user._id === props.selectedId} onSelect={props.onSelect} />
              </li>
            ))}
          </ul>
        </>
      )}

      {list.data && list.data.total > PAGE_SIZE && <Pagination page={props.page} count={pages} onChange={props.onPage} />}
    </section>
  );
}

export function displayName(user: Pick<ManagedUser, 'firstName' | 'lastName' | 'username' | 'email' | '_id'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username || user.email || user._id;
}

function UserRow({ user, selected, onSelect }: { user: ManagedUser; selected: boolean; onSelect: (id: string) => void }) {
  const t = useT(usersMessages);
  return (
    <button
      type="button"
      onClick={() => onSelect(user._id)}
      aria-current={selected ? 'true' : undefined}
      data-user-id={user._id}
      className={`flex w-full items-start gap-3 px-3 py-3 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${
        selected ? 'bg-brand-50' : 'hover:bg-slate-50'
      }`}
    >
      <UserAvatar src={user.avatar} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium text-slate-900">{displayName(user)}</span>
        {user.username && <span className="block truncate text-sm text-slate-600">@{user.username}</span>}
        {user.email && <span className="block truncate text-sm text-slate-600">{user.email}</span>}
        {user.phone && <span className="block truncate text-sm text-slate-600">{formatPhone(user.phone)}</span>}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <UserStatusBadge status={user.status} />
        {user.reportsCount > 0 && (
          <span className="text-xs font-semibold text-red-800">{t('reportsCount', { count: user.reportsCount })}</span>
        )}
      </span>
    </button>
  );
}
