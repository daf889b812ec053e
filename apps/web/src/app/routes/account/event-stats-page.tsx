import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { paths } from '../../../config/paths';
import { useEventStats } from '../../../features/event-stats/api/get-event-stats';
import { EventStatsView } from '../../../features/event-stats/components/event-stats-view';
import { eventStatsMessages } from '../../../features/event-stats/messages';
import { ApiRequestError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';

/** /mon-compte/evenements/:id/statistiques: the statistics of one of the account's events (issue 27 item 5). */
export function EventStatsPage() {
  const t = useT(eventStatsMessages);
  const { id = '' } = useParams();
  const stats = useEventStats(id);
  const title = stats.data?.title;
  useEffect(() => {
    document.title = `${t('title')}${title ? ` · ${title}` : ''} · Évènements Cameroun`;
  }, [t, title]);
  const missing = stats.error instanceof ApiRequestError && stats.error.status === 404;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <Link to={paths.organiser.event(id)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('back')}
      </Link>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        {title ? <p className="text-slate-700">{title}</p> : null}
      </header>
      {stats.isPending ? (
        <ListLoading label={t('loading')} rows={3} />
      ) : missing ? (
        <div role="alert" className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">{t('notFound')}</p>
          <p className="mt-1 text-sm text-slate-600">{t('notFoundHint')}</p>
          <Link to={paths.organiser.events} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
            {t('myEvents')}
          </Link>
        </div>
      ) : stats.isError ? (
        <ListError
          title={t('loadError')}
          message={stats.error.message}
          retryLabel={t('retry')}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <EventStatsView stats={stats.data} />
      )}
    </div>
  );
}
