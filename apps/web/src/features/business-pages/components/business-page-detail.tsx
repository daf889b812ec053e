import type { BusinessPageAdminDetail } from '@app/shared/business-pages';
import { formatPhone } from '@app/shared/phone-display';
import { useEffect, useRef } from 'react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatLongDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useBusinessPageAdmin } from '../api/get-business-page-admin';
import { useSetBusinessPageState } from '../api/set-business-page-state';
import { businessPagesMessages } from '../messages';

const EVENT_TONES: Record<BusinessPageAdminDetail['events'][number]['status'], BadgeTone> = {
  published: 'green',
  draft: 'yellow',
  cancelled: 'red',
};

/**
 * A business page's detail (decision 030): owner and contact, subscription, status, the latest
 * events and the status history from the audit log. It takes the list's place on every width;
 * 'Retour à la liste' goes back with the search and the page kept in the URL.
 */
export function BusinessPageDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT(businessPagesMessages);
  const detail = useBusinessPageAdmin(id);
  return (
    <LoadedDetailPanel query={detail} t={t} labelledBy="business-page-detail-title" onBack={onBack} backAlways>
      {(page) => <DetailBody page={page} />}
    </LoadedDetailPanel>
  );
}

function DetailBody({ page }: { page: BusinessPageAdminDetail }) {
  const t = useT(businessPagesMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  const change = useSetBusinessPageState();
  useEffect(() => heading.current?.focus(), []);
  const owner = page.owner;
  const ownerName = `${owner.firstName ?? ''} ${owner.lastName ?? ''}`.trim();

  const toggle = () => {
    const action = page.isActive ? 'deactivate' : 'activate';
    change.mutate(
      { id: page._id, action },
      {
        onSuccess: () => toast.success(t(action === 'activate' ? 'activated' : 'deactivated')),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <div className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="business-page-detail-title"
            ref={heading}
            tabIndex={-1}
            className="break-words text-xl font-bold text-slate-900 focus:outline-none"
          >
            {page.name}
          </h2>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone={page.isActive ? 'green' : 'red'}>{page.isActive ? t('active') : t('inactive')}</Badge>
            <Badge tone={page.subscription === 'premium' ? 'blue' : 'gray'}>{t(page.subscription)}</Badge>
            <span className="text-sm text-slate-600">
              {t('createdAt')} {formatDate(page.createdAt)}
            </span>
          </div>
        </div>
        <Button size="sm" variant={page.isActive ? 'secondary' : 'success'} disabled={change.isPending} onClick={toggle}>
          {page.isActive ? t('deactivate') : t('activate')}
        </Button>
      </header>

      <section aria-labelledby="business-page-owner" className="space-y-1">
        <h3 id="business-page-owner" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('ownerSection')}
        </h3>
        {owner._id === null ? (
          <p className="text-sm text-slate-600">{t('ownerGone')}</p>
        ) : (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {ownerName ? (
              <>
                <dt className="sr-only">{t('name')}</dt>
                <dd className="col-span-2 font-medium text-slate-900">{ownerName}</dd>
              </>
            ) : null}
            {owner.username ? (
              <>
                <dt className="text-slate-600">{t('owner')}</dt>
                <dd className="break-words text-slate-900">@{owner.username}</dd>
              </>
            ) : null}
            {owner.email ? (
              <>
                <dt className="text-slate-600">{t('email')}</dt>
                <dd className="break-all text-slate-900">{owner.email}</dd>
              </>
            ) : null}
            {owner.phone ? (
              <>
                <dt className="text-slate-600">{t('phone')}</dt>
                <dd className="text-slate-900">{formatPhone(owner.phone)}</dd>
              </>
            ) : null}
            {page.partner ? (
              <>
                <dt className="text-slate-600">{t('partner')}</dt>
                <dd className="break-words text-slate-900">{page.partner.name}</dd>
              </>
            ) : null}
          </dl>
        )}
      </section>

      <section aria-labelledby="business-page-events" className="space-y-2">
        <h3 id="business-page-events" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('eventsSection', { count: page.eventsCount })}
        </h3>
        {page.events.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noEvents')}</p>
        ) : (
          <>
            {page.eventsCount > page.events.length ? (
              <p className="text-xs text-slate-600">
                {t('eventsLatest', { shown: page.events.length, count: page.eventsCount })}
              </p>
            ) : null}
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {page.events.map((event) => (
                <li key={event._id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="block break-words font-medium text-slate-900">{event.title}</span>
                    <span className="block text-xs text-slate-600">{formatLongDateTime(event.startDateTime)}</span>
                  </span>
                  <Badge tone={EVENT_TONES[event.status]}>{t(`event_${event.status}`)}</Badge>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="business-page-history" className="space-y-2">
        <h3 id="business-page-history" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t('historySection')}
        </h3>
        {page.statusHistory.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noHistory')}</p>
        ) : (
          <ol className="space-y-2 border-l-2 border-slate-200 pl-4">
            {page.statusHistory.map((entry) => (
              <li key={`${entry.change}-${entry.at}`} className="text-sm" data-history={entry.change}>
                <span className="font-medium text-slate-900">{t(`change_${entry.change}`)}</span>
                <span className="block text-xs text-slate-600">
                  {formatLongDateTime(entry.at)}
                  {entry.actor ? ` · ${t('by', { name: entry.actor.name })}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
