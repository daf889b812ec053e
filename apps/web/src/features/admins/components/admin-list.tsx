import { formatPhone } from '@app/shared/phone-display';
import type { AdminCounts, ManagedUser } from '@app/shared/admins';
import { PAGE_SIZE } from '../../../components/ui/pagination';
import { ListRowButton, SelectableList } from '../../../components/ui/selectable-list';
import { useT } from '../../../lib/i18n';
import type { AdminFilter } from '../api/get-admins';
import { useAdmins } from '../api/get-admins';
import { adminsMessages } from '../messages';
import { AdminStatusBadge } from './status-badge';

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

  return (
    <SelectableList
      name="admin"
      t={t}
      search={props.search}
      onSearch={props.onSearch}
      filters={
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
      }
      query={list}
      loadingRows={4}
      empty={t('empty')}
      rowKey={(admin) => admin._id}
      row={(admin) => (
        <AdminRow
          admin={admin}
          selected={admin._id === props.selectedId}
          isMe={admin._id === props.meId}
          onSelect={props.onSelect}
        />
      )}
      page={props.page}
      onPage={props.onPage}
    />
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
    <ListRowButton selected={selected} onSelect={() => onSelect(admin._id)} data-admin-id={admin._id}>
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
    </ListRowButton>
  );
}
