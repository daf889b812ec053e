import type { MyParticipation, MyParticipationsQuery } from '@app/shared/community';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formatDate, formatLongDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useLeaveEvent, useMyParticipations } from '../api/my-participations';
import { participationMessages } from '../messages';

const AGENDA = '/evenements';
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The period and page as links of the address (`?periode=passes&page=2`), so back and reload keep them. */
function queryHref(period: MyParticipationsQuery['period'], page: number): string {
  const search = new URLSearchParams();
  if (period === 'past') search.set('periode', 'passes');
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '?';
}

export function readParticipationsQuery(search: URLSearchParams): MyParticipationsQuery {
  const page = Number(search.get('page'));
  return {
    period: search.get('periode') === 'passes' ? 'past' : 'upcoming',
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

function ParticipationCard({ item, onLeave }: { item: MyParticipation; onLeave?: () => void }) {
  const t = useT(participationMessages);
  const { event } = item;
  return (
    <li
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
      data-participation={event._id}
    >
      {event.cover ? (
        <img
          src={event.cover.url}
          width={event.cover.width}
          height={event.cover.height}
          alt=""
          loading="lazy"
          className="aspect-[16/9] w-full object-cover sm:aspect-auto sm:w-48"
        />
      ) : (
        <div aria-hidden="true" className="hidden bg-gradient-to-br from-brand-100 to-brand-50 sm:block sm:w-48" />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{event.title}</h2>
          {event.cancelled ? <Badge tone="red">{t('cancelled')}</Badge> : null}
        </div>
        <p className="text-sm font-medium text-slate-800">{formatLongDateTime(event.startDateTime)}</p>
        <p className="text-sm text-slate-700">
          {event.address}, {event.city}
        </p>
        {event.cancelled ? <p className="text-sm text-red-800">{t('cancelledHint')}</p> : null}
        <p className="text-xs text-slate-600">{t('joinedOn', { date: formatDate(item.joinedAt) })}</p>
        <div className="mt-1 flex flex-wrap gap-2">
          <Link
            to={paths.ticket(event._id)}
            className={buttonClass(event.cancelled ? 'secondary' : 'primary', 'sm')}
            aria-label={t('ticketLabel', { title: event.title })}
          >
            {t('ticket')}
          </Link>
          <a href={event.publicPath} className={buttonClass('secondary', 'sm')}>
            {t('openPage')}
          </a>
          <Link
            to={paths.newMessage(event._id)}
            className={buttonClass('secondary', 'sm')}
            aria-label={t('writeLabel', { title: event.title })}
          >
            {t('write')}
          </Link>
          {onLeave && !event.cancelled ? (
            <>
              <a href={event.calendarPath} download className={buttonClass('secondary', 'sm')}>
                {t('addToCalendar')}
              </a>
              <Button variant="secondary" size="sm" onClick={onLeave}>
                {t('leave')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** 'Mes participations': the account's events to come (soonest first) or over, by pages of ten. */
export function MyParticipations({ query }: { query: MyParticipationsQuery }) {
  const t = useT(participationMessages);
  const list = useMyParticipations(query);
  const leave = useLeaveEvent();
  const [leaving, setLeaving] = useState<MyParticipation['event'] | null>(null);

  const confirmLeave = () => {
    if (!leaving) return;
    leave.mutate(leaving._id, {
      onSuccess: () => {
        toast.success(t('left', { title: leaving.title }));
        setLeaving(null);
      },
    });
  };

  const periodLink = (period: MyParticipationsQuery['period']) => (
    <Link
      to={queryHref(period, 1)}
      aria-current={query.period === period ? 'page' : undefined}
      className={`flex-1 rounded-md px-4 py-2 text-center text-sm font-medium sm:flex-none ${focusRing} ${
        query.period === period ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900'
      }`}
    >
      {t(period)}
    </Link>
  );

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('title')}</h1>
      <nav aria-label={t('periods')} className="mb-4 flex gap-1 rounded-lg bg-slate-200 p-1 sm:inline-flex">
        {periodLink('upcoming')}
        {periodLink('past')}
      </nav>
      {list.isPending ? (
        <ListLoading label={t('loading')} rows={3} />
      ) : list.isError ? (
        <ListError title={t('loadError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="text-slate-700">{t(query.period === 'upcoming' ? 'emptyUpcoming' : 'emptyPast')}</p>
          {query.period === 'upcoming' ? (
            <a href={AGENDA} className={`${buttonClass('primary', 'md')} mt-4`}>
              {t('browseAgenda')}
            </a>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="space-y-3" aria-busy={list.isPlaceholderData}>
            {list.data.items.map((item) => (
              <ParticipationCard
                key={item.event._id}
                item={item}
                onLeave={query.period === 'upcoming' ? () => setLeaving(item.event) : undefined}
              />
            ))}
          </ul>
          <PrevNextPager
            label={t('pagination')}
            page={query.page}
            hasMore={list.data.hasMore}
            hrefOf={(page) => queryHref(query.period, page)}
            previousLabel={t('previousPage')}
            nextLabel={t('nextPage')}
            pageLabel={t('pageNumber', { page: String(query.page) })}
          />
        </>
      )}
      <ConfirmDialog
        open={leaving !== null}
        title={t('leaveTitle')}
        message={leaving ? t('leaveConfirm', { title: leaving.title }) : ''}
        confirmLabel={t('leave')}
        pending={leave.isPending}
        error={leave.error?.message ?? null}
        onConfirm={confirmLeave}
        onCancel={() => {
          leave.reset();
          setLeaving(null);
        }}
      />
    </div>
  );
}
