import type { ConversationReport } from '@app/shared/conversation-reports';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { ListRowButton } from '../../../components/ui/selectable-list';
import { formatDate, formatRelative } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { withListChanges } from '../../../lib/list-screen';
import { useConversationReports } from '../api/conversation-reports';
import { messagerieMessages } from '../messages';
import { reportedMessages } from '../report-messages';

interface ReportedListProps {
  /** The debounced search: the reporter or the reported person. */
  query: string;
  page: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** 'Signalées': the open reports of conversations, newest first, 20 a page (decision 064). */
export function ReportedList({ query, page, selectedId, onSelect }: ReportedListProps) {
  const t = useT(reportedMessages);
  const inbox = useT(messagerieMessages);
  const [params] = useSearchParams();
  const list = useConversationReports({ search: query, page });

  let body: ReactNode;
  if (list.isPending) body = <ListLoading label={inbox('loading')} rows={5} />;
  else if (list.isError)
    body = (
      <ListError title={t('listError')} message={list.error.message} retryLabel={inbox('retry')} onRetry={() => list.refetch()} />
    );
  else if (list.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">
        {query ? t('emptySearch') : t('empty')}
      </p>
    );
  else
    body = (
      <ul
        className={`divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white ${list.isFetching ? 'opacity-70' : ''}`}
        aria-busy={list.isFetching}
      >
        {list.data.items.map((report) => (
          <li key={report._id}>
            <ReportRow report={report} selected={report._id === selectedId} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      {body}
      <PrevNextPager
        label={inbox('pager')}
        page={page}
        hasMore={list.data?.hasMore ?? false}
        hrefOf={(next) => `?${withListChanges(params, { page: next })}`}
        previousLabel={inbox('previous')}
        nextLabel={inbox('next')}
        pageLabel={inbox('page', { page })}
      />
    </>
  );
}

function ReportRow({
  report,
  selected,
  onSelect,
}: {
  report: ConversationReport;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const t = useT(reportedMessages);
  return (
    <ListRowButton selected={selected} onSelect={() => onSelect(report._id)} data-report-id={report._id} align="start">
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-medium text-slate-900">{report.reported.name}</span>
          <time
            dateTime={report.createdAt}
            title={formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
            className="shrink-0 text-xs whitespace-nowrap text-slate-600"
          >
            {formatRelative(report.createdAt)}
          </time>
        </span>
        <span className="block truncate text-sm text-red-800">{t('reasonLine', { reason: t(`reason_${report.reason}`) })}</span>
        <span className="mt-0.5 block truncate text-xs text-slate-600">
          {t('byLine', { name: report.reporter?.name ?? t('deletedAccount') })}
          {report.eventTitle ? ` · ${t('about', { title: report.eventTitle })}` : ''}
        </span>
      </span>
    </ListRowButton>
  );
}
