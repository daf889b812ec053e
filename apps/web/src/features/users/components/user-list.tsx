import type { ManagedUser, UserReportFilter } from '@app/shared/admins';
import { ListRowButton, SelectableList } from '../../../components/ui/selectable-list';
import { formatPhone } from '@app/shared/phone-display';
import { useT } from '../../../lib/i18n';
import { type UserStatusFilter, useUsers } from '../api/get-users';
import { usersMessages } from '../messages';
import { UserAvatar } from './user-avatar';
import { UserStatusBadge } from './user-status-badge';
import { type FilterField, FilterSelects } from '../../../components/ui/form/filter-select';

type UserListFilters = { status: UserStatusFilter; reports: UserReportFilter };

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
  const filterFields: FilterField<UserListFilters>[] = [
    {
      key: 'status',
      label: t('statusFilter'),
      options: [
        { value: 'all', label: t('all') },
        { value: 'active', label: t('active') },
        { value: 'blocked', label: t('blocked') },
        { value: 'pending', label: t('pending') },
      ],
    },
    {
      key: 'reports',
      label: t('reportFilter'),
      options: [
        { value: 'all', label: t('all') },
        { value: 'reported', label: t('reported') },
        { value: 'not_reported', label: t('notReported') },
      ],
    },
  ];

  return (
    <SelectableList
      name="user"
      t={t}
      search={props.search}
      onSearch={props.onSearch}
      filters={
        <FilterSelects
          idPrefix="user"
          className="grid grid-cols-2 gap-2"
          fields={filterFields}
          values={{ status: props.status, reports: props.reports }}
          onChange={(change) => {
            if (change.status) props.onStatus(change.status);
            if (change.reports) props.onReports(change.reports);
          }}
        />
      }
      query={list}
      loadingRows={5}
      empty={t('empty')}
      summary={(total) => <p className="text-xs text-slate-500">{t('total', { count: total })}</p>}
      rowKey={(user) => user._id}
      row={(user) => <UserRow user={user} selected={user._id === props.selectedId} onSelect={props.onSelect} />}
      page={props.page}
      onPage={props.onPage}
    />
  );
}

export function displayName(user: Pick<ManagedUser, 'firstName' | 'lastName' | 'username' | 'email' | '_id'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username || user.email || user._id;
}

function UserRow({ user, selected, onSelect }: { user: ManagedUser; selected: boolean; onSelect: (id: string) => void }) {
  const t = useT(usersMessages);
  return (
    <ListRowButton selected={selected} onSelect={() => onSelect(user._id)} data-user-id={user._id} align="start">
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
    </ListRowButton>
  );
}
