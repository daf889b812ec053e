import type { PartnerAction, PartnerDetail } from '@app/shared/partners';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { tabAfterKey } from '../../../lib/tabs';
import { useChangePartnerState } from '../api/change-partner-state';
import { usePartner } from '../api/get-partner';
import { partnersMessages } from '../messages';
import { PartnerLogo, PartnerStatusBadge, useTypeLabel, VerifiedBadge } from './partner-badges';
import { ActivitiesTab } from './partner-activities-tab';
import { UsersTab } from './partner-users-tab';
import { InfoTab } from './partner-info-tab';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';

/** The edit form (its schema, zod, the form library, the phone library) loads when first opened. */
const EditPartnerDialog = lazy(() => import('./add-partner-dialog').then((module) => ({ default: module.EditPartnerDialog })));

const TABS = ['info', 'users', 'activities'] as const;
type Tab = (typeof TABS)[number];

export function PartnerDetailPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT(partnersMessages);
  const detail = usePartner(id);
  return (
    <LoadedDetailPanel query={detail} t={t} retryLabel={t('retry')} labelledBy="partner-detail-title" onBack={onBack}>
      {(partner) => <PartnerBody key={partner._id} partner={partner} />}
    </LoadedDetailPanel>
  );
}

function PartnerBody({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  const typeLabel = useTypeLabel();
  const [tab, setTab] = useState<Tab>('info');
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [editing, setEditing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const tabsId = useId();
  const change = useChangePartnerState();
  // On a phone the list disappears when a partner is opened: bring focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  const run = (action: PartnerAction) =>
    change.mutate(
      { id: partner._id, action },
      {
        onSuccess: () => {
          setConfirmBlock(false);
          const done = { block: 'blocked', unblock: 'unblocked', verify: 'verifiedToast', unverify: 'unverifiedToast' } as const;
          toast.success(t(done[action]));
        },
        onError: (error) => {
          if (action !== 'block') toast.error(`${t('actionError')} : ${error.message}`);
        },
      },
    );

  const tabLabels: Record<Tab, string> = { info: t('tabInfo'), users: t('tabUsers'), activities: t('tabActivities') };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(TABS, tab, event.key);
    if (!next) return;
    event.preventDefault();
    setTab(next);
    document.getElementById(`${tabsId}-${next}-tab`)?.focus();
  };

  return (
    <div className="space-y-4">
      <header className="flex items-start gap-3">
        <PartnerLogo name={partner.name} logo={partner.logo} size="size-14" />
        <div className="min-w-0 flex-1">
          <h2
            ref={headingRef}
            tabIndex={-1}
            id="partner-detail-title"
            className="break-words text-xl font-bold text-slate-900 outline-none"
          >
            {partner.name}
          </h2>
          <p className="text-sm text-slate-500">{typeLabel(partner.type)}</p>
          <div className="mt-1 flex flex-wrap items-center gap-1">
            <PartnerStatusBadge status={partner.status} />
            {partner.isVerified && <VerifiedBadge />}
          </div>
        </div>
      </header>

      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {t('edit')}
        </Button>
        {partner.status === 'active' && (
          <Button variant="secondary" size="sm" disabled={change.isPending} onClick={() => setConfirmBlock(true)}>
            {t('block')}
          </Button>
        )}
        {partner.status === 'blocked' && (
          <Button variant="success" size="sm" disabled={change.isPending} onClick={() => run('unblock')}>
            {t('unblock')}
          </Button>
        )}
        {partner.isVerified ? (
          <Button variant="ghost" size="sm" disabled={change.isPending} onClick={() => run('unverify')}>
            {t('unverify')}
          </Button>
        ) : (
          <Button size="sm" disabled={change.isPending} onClick={() => run('verify')}>
            {t('verify')}
          </Button>
        )}
      </div>

      <div role="tablist" aria-label={t('tabsLabel')} className="flex border-b border-slate-200">
        {TABS.map((item) => (
          <button
            key={item}
            id={`${tabsId}-${item}-tab`}
            type="button"
            role="tab"
            aria-selected={tab === item}
            aria-controls={`${tabsId}-${item}-panel`}
            tabIndex={tab === item ? 0 : -1}
            onClick={() => setTab(item)}
            onKeyDown={onTabKey}
            className={`-mb-px inline-flex min-h-10 flex-1 items-center justify-center gap-1 border-b-2 px-1 text-[13px] sm:flex-none sm:px-3 sm:text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
              tab === item ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            {tabLabels[item]}
            {item === 'users' && (
              <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                {partner.authorizedUsers.length}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}-tab`} className="outline-none">
        {tab === 'info' && <InfoTab partner={partner} />}
        {tab === 'users' && <UsersTab partner={partner} />}
        {tab === 'activities' && <ActivitiesTab partner={partner} />}
      </div>

      {editing && (
        <Suspense fallback={null}>
          <EditPartnerDialog partner={partner} open onClose={() => setEditing(false)} />
        </Suspense>
      )}

      <ConfirmDialog
        open={confirmBlock}
        message={t('confirmBlock')}
        confirmLabel={t('block')}
        onConfirm={() => run('block')}
        onCancel={() => {
          setConfirmBlock(false);
          change.reset();
        }}
        pending={change.isPending}
        error={confirmBlock ? (change.error?.message ?? null) : null}
      />
    </div>
  );
}
