import { REPORT_REASON_LABELS, type Report } from '@app/shared/community';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PAGE_SIZE, Pagination, pageCount, pagesCapped } from '../../../components/ui/pagination';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { Screen } from '../../../components/ui/screen';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useReports } from '../api/get-reports';
import { useModerateReport } from '../api/moderate-report';
import { reportsMessages } from '../messages';
import { ListError, ListLoading } from '../../../components/ui/list-states';

/**
 * 'Signalements' (secondary entry, `manage_users`): the open reports, newest first, with
 * Classer and Bloquer l'utilisateur. `userPath(id)` links a user to the users screen.
 */
export function ReportsQueue({ userPath }: { userPath: (id: string) => string }) {
  const t = useT(reportsMessages);
  const { page, setPage } = useListScreen();
  const list = useReports(page);
  const moderate = useModerateReport();
  const [blocking, setBlocking] = useState<Report | null>(null);
  const [removing, setRemoving] = useState<Report | null>(null);
  const pages = pageCount(list.data?.total ?? 0, PAGE_SIZE);

  // The last report of the last page handled: go back one page.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && page > 1) setPage(pages, { replace: true });
  }, [list.data, page, pages]);

  const dismiss = (report: Report) =>
    moderate.mutate(
      { id: report._id, action: 'dismiss' },
      {
        onSuccess: () => toast.success(t('dismissed')),
        onError: (error) => toast.error(`${t('actionError')} : ${error.message}`),
      },
    );
  const block = () => {
    if (!blocking) return;
    moderate.mutate(
      { id: blocking._id, action: 'block' },
      {
        onSuccess: () => {
          setBlocking(null);
          toast.success(t('blocked'));
        },
      },
    );
  };

  const removeComment = () => {
    if (!removing) return;
    moderate.mutate(
      { id: removing._id, action: 'remove-comment' },
      {
        onSuccess: () => {
          setRemoving(null);
          toast.success(t('commentRemoved'));
        },
      },
    );
  };
  const targetLabel = (report: Report) =>
    report.targetType === 'comment' ? t('commentAuthor') : report.targetType === 'event' ? t('organiser') : t('target');
  // A conversation's report is handled in 'Messagerie' (decision 064): never listed here, shown as an account's if it were.

  return (
    <Screen title={t('title')} subtitle={t('subtitle')}>
      {list.isPending ? (
        <ListLoading label={t('loading')} rows={5} />
      ) : list.isError ? (
        <ListError title={t('listError')} message={list.error.message} retryLabel={t('retry')} onRetry={() => list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
          {t('empty')}
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-500">{t('total', { count: list.data.total })}</p>
          <ul className={`space-y-3 ${list.isFetching ? 'opacity-70' : ''}`} aria-busy={list.isFetching}>
            {list.data.items.map((report) => (
              <li
                key={report._id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-report-id={report._id}
              >
                <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">{targetLabel(report)}</dt>
                    <dd className="break-words text-sm font-medium text-slate-900">
                      <Link to={userPath(report.target._id)} className="text-brand-700 underline-offset-2 hover:underline">
                        {report.target.name}
                      </Link>
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">{t('reporter')}</dt>
                    <dd className="break-words text-sm text-slate-900">{report.reporter?.name ?? t('deletedAccount')}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">{t('reason')}</dt>
                    <dd className="text-sm text-slate-900">{REPORT_REASON_LABELS[report.reason]}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-slate-500">{t('date')}</dt>
                    <dd className="text-sm text-slate-900">
                      <time dateTime={report.createdAt}>
                        {formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                      </time>
                    </dd>
                  </div>
                </dl>
                {(report.targetType === 'comment' || report.targetType === 'event') && <ReportedItem report={report} />}
                {report.details && <p className="mt-2 break-words text-sm text-slate-700">{report.details}</p>}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => dismiss(report)} disabled={moderate.isPending}>
                    {t('dismiss')}
                  </Button>
                  {report.targetType === 'comment' && report.comment && (
                    <Button variant="danger" size="sm" onClick={() => setRemoving(report)} disabled={moderate.isPending}>
                      {t('removeComment')}
                    </Button>
                  )}
                  {!report.target.isBlocked && (
                    <Button variant="danger" size="sm" onClick={() => setBlocking(report)} disabled={moderate.isPending}>
                      {t('block')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Pagination
          page={page}
          count={pages}
          capped={pagesCapped(list.data.total, PAGE_SIZE)}
          onChange={(next) => setPage(next)}
        />
      )}
      <ConfirmDialog
        open={blocking !== null}
        title={t('block')}
        message={t('blockConfirm', { name: blocking?.target.name ?? '' })}
        confirmLabel={t('block')}
        onConfirm={block}
        onCancel={() => {
          setBlocking(null);
          moderate.reset();
        }}
        pending={moderate.isPending}
        error={blocking && moderate.error ? `${t('actionError')} : ${moderate.error.message}` : null}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('removeComment')}
        message={t('removeCommentConfirm', { name: removing?.target.name ?? '' })}
        confirmLabel={t('removeComment')}
        onConfirm={removeComment}
        onCancel={() => {
          setRemoving(null);
          moderate.reset();
        }}
        pending={moderate.isPending}
        error={removing && moderate.error ? `${t('actionError')} : ${moderate.error.message}` : null}
      />
    </Screen>
  );
}

/**
 * What a report on a comment or an event points at: the comment's text (shown as text) and the
 * event, with a link to its public page (a private event's page needs its link, which moderators
 * without `manage_events` do not get).
 */
function ReportedItem({ report }: { report: Report }) {
  const t = useT(reportsMessages);
  const anchor = report.comment ? `#commentaire-${report.comment._id}` : '';
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3" data-testid="reported-item">
      <p className="text-xs text-slate-500">
        {t('subject')}{' '}
        <span className="font-medium text-slate-700">{report.targetType === 'comment' ? t('kindComment') : t('kindEvent')}</span>
      </p>
      {report.targetType === 'comment' &&
        (report.comment ? (
          <blockquote className="mt-1 whitespace-pre-line break-words border-l-4 border-slate-300 pl-3 text-sm text-slate-900">
            {report.comment.text}
          </blockquote>
        ) : (
          <p className="mt-1 text-sm italic text-slate-500">{t('commentGone')}</p>
        ))}
      {report.event ? (
        <p className="mt-1 break-words text-sm text-slate-700">
          {report.targetType === 'comment' && `${t('onEvent')} `}
          <span className="font-medium text-slate-900">{report.event.title}</span>
          {!report.event.isPublic && ` (${t('privateEvent')})`} ·{' '}
          <a
            href={`${report.event.publicPath}${anchor}`}
            target="_blank"
            rel="noopener"
            className="text-brand-700 underline underline-offset-2"
          >
            {report.targetType === 'comment' ? t('viewComment') : t('viewEvent')}
          </a>
        </p>
      ) : (
        <p className="mt-1 text-sm italic text-slate-500">{t('eventGone')}</p>
      )}
    </div>
  );
}
