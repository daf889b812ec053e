import type { ManagedUserDetail } from '@app/shared/admins';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { tabAfterKey } from '../../../lib/tabs';
import { useDeleteUser } from '../api/delete-user';
import { useUser } from '../api/get-user';
import { useSetUserBlocked } from '../api/set-user-blocked';
import { usersMessages } from '../messages';
import { UserAvatar } from './user-avatar';
import { displayName } from './user-list';
import { UserStatusBadge } from './user-status-badge';
import { InfoPanel, ActivitiesPanel, ReportsPanel } from './user-detail-panels';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';

interface UserDetailProps {
  id: string;
  onBack: () => void;
  onDeleted: () => void;
}

export function UserDetail({ id, onBack, onDeleted }: UserDetailProps) {
  const t = useT(usersMessages);
  const detail = useUser(id);
  return (
    <LoadedDetailPanel query={detail} t={t} labelledBy="user-detail-title" onBack={onBack}>
      {(data) => <UserDetailBody key={data.user._id} user={data.user} onDeleted={onDeleted} />}
    </LoadedDetailPanel>
  );
}

type Tab = 'info' | 'activities' | 'reports';
const TABS: Tab[] = ['info', 'activities', 'reports'];

function UserDetailBody({ user, onDeleted }: { user: ManagedUserDetail; onDeleted: () => void }) {
  const t = useT(usersMessages);
  const [tab, setTab] = useState<Tab>('info');
  const [confirm, setConfirm] = useState<'block' | 'delete' | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ info: null, activities: null, reports: null });
  useEffect(() => headingRef.current?.focus(), []);
  const setBlocked = useSetUserBlocked();
  const remove = useDeleteUser();
  const reports = user.reports ?? [];
  const busy = setBlocked.isPending || remove.isPending;

  const labels: Record<Tab, string> = { info: t('tabInfo'), activities: t('tabActivities'), reports: t('tabReports') };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(TABS, tab, event.key);
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const doBlock = () =>
    setBlocked.mutate(
      { id: user._id, blocked: true },
      {
        onSuccess: () => {
          setConfirm(null);
          toast.success(t('blocked_done'));
        },
      },
    );
  const doUnblock = () =>
    setBlocked.mutate(
      { id: user._id, blocked: false },
      {
        onSuccess: () => toast.success(t('unblocked_done')),
        onError: (error) => toast.error(`${t('blockError')} : ${error.message}`),
      },
    );
  const doDelete = () =>
    remove.mutate(user._id, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(t('deleted_done'));
        onDeleted();
      },
    });
  const closeConfirm = () => {
    setConfirm(null);
    setBlocked.reset();
    remove.reset();
  };
  const confirmError =
    confirm === 'delete' && remove.error
      ? `${t('deleteError')} : ${remove.error.message}`
      : confirm === 'block' && setBlocked.error
        ? `${t('blockError')} : ${setBlocked.error.message}`
        : null;

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-start gap-3">
        <UserAvatar src={user.avatar} size="size-14" />
        <div className="min-w-[9rem] flex-1">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="user-detail-title"
            className="break-words text-lg font-semibold text-slate-900 focus:outline-none"
          >
            {displayName(user)}
          </h2>
          {user.username && <p className="text-sm text-slate-600">@{user.username}</p>}
          <div className="mt-1">
            <UserStatusBadge status={user.status} />
          </div>
        </div>
        <div className="flex w-full flex-wrap gap-2 sm:w-auto">
          {user.status === 'active' && (
            <Button variant="secondary" size="sm" onClick={() => setConfirm('block')} disabled={busy}>
              {t('block')}
            </Button>
          )}
          {user.status === 'blocked' && (
            <Button variant="secondary" size="sm" onClick={doUnblock} disabled={busy}>
              {t('unblock')}
            </Button>
          )}
          <Button variant="danger" size="sm" onClick={() => setConfirm('delete')} disabled={busy}>
            {t('delete')}
          </Button>
        </div>
      </header>

      <div role="tablist" aria-label={displayName(user)} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {TABS.map((item) => (
          <button
            key={item}
            ref={(node) => {
              tabRefs.current[item] = node;
            }}
            type="button"
            role="tab"
            id={`user-tab-${item}`}
            aria-selected={tab === item}
            aria-controls={`user-panel-${item}`}
            tabIndex={tab === item ? 0 : -1}
            onClick={() => setTab(item)}
            onKeyDown={onTabKey}
            className={`-mb-px inline-flex min-h-10 shrink-0 items-center gap-1.5 border-b-2 px-2 py-2 sm:px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
              tab === item ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {labels[item]}
            {item === 'reports' && (
              <span
                className={`rounded-full px-1.5 text-xs font-semibold ${reports.length > 0 ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-700'}`}
              >
                {reports.length}
              </span>
            )}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`user-panel-${tab}`} aria-labelledby={`user-tab-${tab}`} className="focus:outline-none">
        {tab === 'info' && <InfoPanel user={user} />}
        {tab === 'activities' && <ActivitiesPanel user={user} />}
        {tab === 'reports' && <ReportsPanel reports={reports} />}
      </div>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? t('deleteTitle') : t('block')}
        message={confirm === 'delete' ? t('deleteConfirm') : t('blockConfirm')}
        confirmLabel={confirm === 'delete' ? t('delete') : t('block')}
        onConfirm={confirm === 'delete' ? doDelete : doBlock}
        onCancel={closeConfirm}
        pending={confirm === 'delete' ? remove.isPending : setBlocked.isPending}
        error={confirmError}
      />
    </div>
  );
}
