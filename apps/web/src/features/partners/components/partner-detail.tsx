import type { AuthorizedUser, PartnerAction, PartnerDetail } from '@app/shared/partners';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useAddPartnerUser } from '../api/add-partner-user';
import { useChangePartnerState } from '../api/change-partner-state';
import { usePartner } from '../api/get-partner';
import { useRemovePartnerUser } from '../api/remove-partner-user';
import { useUploadPartnerLogo } from '../api/upload-partner-logo';
import { partnersMessages } from '../messages';
import { PartnerLogo, PartnerStatusBadge, useTypeLabel, VerifiedBadge } from './partner-badges';

const TABS = ['info', 'users', 'activities'] as const;
type Tab = (typeof TABS)[number];

export function PartnerDetailPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT(partnersMessages);
  const detail = usePartner(id);
  return (
    <section
      aria-labelledby="partner-detail-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <button
        type="button"
        onClick={onBack}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline lg:hidden"
      >
        <span aria-hidden="true">←</span> {t('back')}
      </button>
      {detail.isPending ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : detail.isError ? (
        <Alert>
          <p>
            {t('detailError')} : {detail.error.message}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => detail.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : (
        <PartnerBody key={detail.data._id} partner={detail.data} />
      )}
    </section>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function PartnerBody({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  const typeLabel = useTypeLabel();
  const [tab, setTab] = useState<Tab>('info');
  const [confirmBlock, setConfirmBlock] = useState(false);
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
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : null;
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

function InfoTab({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  const typeLabel = useTypeLabel();
  const upload = useUploadPartnerLogo();
  const fileId = useId();
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={t('email')} wide>
          {partner.email}
        </Field>
        <Field label={t('phone')}>{partner.phone ?? t('none')}</Field>
        <Field label={t('type')}>{typeLabel(partner.type)}</Field>
        <Field label={t('website')} wide>
          {partner.website ? (
            <a href={partner.website} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {partner.website}
            </a>
          ) : (
            t('none')
          )}
        </Field>
        <Field label={t('address')} wide>
          {partner.location.address ?? t('none')}
        </Field>
        <Field label={t('description')} wide>
          {partner.description ?? t('none')}
        </Field>
        <Field label={t('eventsCount')}>{partner.eventsCount}</Field>
        <Field label={t('createdAt')}>{formatDate(partner.createdAt)}</Field>
        <Field label={t('lastActivity')}>{formatDate(partner.lastActivity, { dateStyle: 'medium', timeStyle: 'short' })}</Field>
      </dl>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('changeLogo')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            upload.mutate(
              { id: partner._id, file },
              {
                onSuccess: () => toast.success(t('logoSaved')),
                onError: (error) => toast.error(error.message),
              },
            );
          }}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      </div>
    </div>
  );
}

function userName(user: AuthorizedUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.username || user.email || user.phone || user._id;
}

function UsersTab({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  const add = useAddPartnerUser();
  const remove = useRemovePartnerUser();
  const [identifier, setIdentifier] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AuthorizedUser | null>(null);
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAddError(null);
    add.mutate(
      { partnerId: partner._id, identifier },
      {
        onSuccess: () => {
          setIdentifier('');
          toast.success(t('userAdded'));
        },
        onError: (error) => setAddError(error.message),
      },
    );
  };

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {t('addUserLabel')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={inputId}
            type="text"
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            placeholder={t('addUserPlaceholder')}
            autoComplete="off"
            aria-invalid={addError ? 'true' : undefined}
            aria-describedby={addError ? `${inputId}-error` : undefined}
            className={`min-w-0 flex-1 rounded-lg border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-brand-600/30 ${
              addError ? 'border-red-500' : 'border-slate-300 focus:border-brand-600'
            }`}
          />
          <Button type="submit" size="md" disabled={add.isPending}>
            {add.isPending ? t('working') : t('addUser')}
          </Button>
        </div>
        {addError && (
          <p id={`${inputId}-error`} className="text-xs text-red-700">
            {addError}
          </p>
        )}
      </form>

      {partner.authorizedUsers.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">{t('noUsers')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {partner.authorizedUsers.map((user) => (
            <li key={user._id} className="flex flex-wrap items-center gap-3 px-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{userName(user)}</span>
                <span className="block truncate text-xs text-slate-500">{user.email ?? user.phone ?? user.username}</span>
              </span>
              {user.isBlocked && <span className="text-xs font-medium text-red-700">{t('blockedAccount')}</span>}
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('removeUserFor', { name: userName(user) })}
                onClick={() => setRemoving(user)}
              >
                {t('removeUser')}
              </Button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={removing !== null}
        message={removing ? t('confirmRemoveUser', { name: userName(removing) }) : ''}
        confirmLabel={t('removeUser')}
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { partnerId: partner._id, userId: removing._id },
            {
              onSuccess: () => {
                setRemoving(null);
                toast.success(t('userRemoved'));
              },
            },
          );
        }}
      />
    </div>
  );
}

function ActivitiesTab({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  if (partner.recentActivity.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
        {t('noActivities')}
      </p>
    );
  }
  return (
    <ol className="space-y-2">
      {partner.recentActivity.map((activity) => (
        <li key={activity._id} className="rounded-lg border border-slate-100 px-3 py-2">
          <p className="text-sm text-slate-900">{activity.description}</p>
          <p className="text-xs text-slate-500">
            {formatDate(activity.date, { dateStyle: 'medium', timeStyle: 'short' })}
            {activity.actorName ? ` · ${t('by', { name: activity.actorName })}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
