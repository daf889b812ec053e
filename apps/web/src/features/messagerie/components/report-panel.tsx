import type { ConversationReportDetail, ReportedMessage } from '@app/shared/conversation-reports';
import { formatPhone } from '@app/shared/phone-display';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DetailField } from '../../../components/ui/detail-field';
import { LoadedDetailPanel } from '../../../components/ui/detail-panel';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useConversationReport, useModerateConversationReport } from '../api/conversation-reports';
import { messagerieMessages } from '../messages';
import { reportedMessages } from '../report-messages';

/**
 * A reported conversation (decision 064): who reported whom and why, the messages in question
 * (read-only, as text), and 'Classer' or 'Bloquer l'utilisateur' while the report is open.
 */
export function ReportPanel({ id, onBack }: { id: string; onBack: () => void }) {
  const t = useT(reportedMessages);
  const inbox = useT(messagerieMessages);
  const report = useConversationReport(id);
  const texts = (key: 'loading' | 'detailError' | 'back') => (key === 'detailError' ? t('detailError') : inbox(key));
  return (
    <LoadedDetailPanel query={report} t={texts} retryLabel={inbox('retry')} labelledBy="report-title" onBack={onBack}>
      {(data) => <ReportBody detail={data} />}
    </LoadedDetailPanel>
  );
}

function ReportBody({ detail }: { detail: ConversationReportDetail }) {
  const t = useT(reportedMessages);
  const { report, messages } = detail;
  const moderate = useModerateConversationReport(report._id);
  const [blocking, setBlocking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const open = report.status === 'open';
  const name = report.reported.name;

  // On a phone the list disappears when a report is opened: bring focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  const run = (action: 'dismiss' | 'block') =>
    moderate.mutate(action, {
      onSuccess: (answer) => {
        setBlocking(false);
        toast.success(answer.message);
      },
      onError: (error) => {
        if (action === 'dismiss') toast.error(`${t('actionError')} : ${error.message}`);
      },
    });

  return (
    <div className="space-y-4">
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wide text-red-800 uppercase">{t('eyebrow')}</p>
            <h2
              ref={headingRef}
              tabIndex={-1}
              id="report-title"
              className="min-w-0 break-words text-lg font-bold text-slate-900 outline-none"
            >
              {name}
            </h2>
          </div>
          <span className="flex flex-wrap gap-2">
            <Badge tone={open ? 'red' : 'gray'}>{t(`status.${report.status}`)}</Badge>
            {report.reported.isBlocked && report.status !== 'actioned' && <Badge tone="gray">{t('blockedAccount')}</Badge>}
          </span>
        </div>
        <dl className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <DetailField label={t('reason')}>{t(`reason_${report.reason}`)}</DetailField>
          <DetailField label={t('reporter')}>{report.reporter?.name ?? t('deletedAccount')}</DetailField>
          <DetailField label={t('date')}>
            <time dateTime={report.createdAt}>{formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </DetailField>
          <DetailField label={t('event')}>{report.eventTitle ?? t('eventGone')}</DetailField>
          <DetailField label={t('email')} wide>
            {report.reported.email ? (
              <a
                href={`mailto:${report.reported.email}`}
                className="wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
              >
                {report.reported.email}
              </a>
            ) : (
              t('notGiven')
            )}
          </DetailField>
          <DetailField label={t('phone')}>
            {report.reported.phone ? (
              <a
                href={`tel:${report.reported.phone}`}
                className="whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
              >
                {formatPhone(report.reported.phone)}
              </a>
            ) : (
              t('notGiven')
            )}
          </DetailField>
        </dl>
        {report.details && (
          <div>
            <p className="text-xs text-slate-600">{t('details')}</p>
            <blockquote className="mt-1 border-l-4 border-slate-300 pl-3 text-sm whitespace-pre-line break-words text-slate-900">
              {report.details}
            </blockquote>
          </div>
        )}
        {open ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" disabled={moderate.isPending} onClick={() => run('dismiss')}>
              {t('dismiss')}
            </Button>
            {!report.reported.isBlocked && (
              <Button variant="danger" size="sm" disabled={moderate.isPending} onClick={() => setBlocking(true)}>
                {t('block')}
              </Button>
            )}
          </div>
        ) : (
          report.resolvedAt && (
            <p className="text-sm text-slate-700">
              {t('handled', { date: formatDate(report.resolvedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
            </p>
          )
        )}
      </header>

      <section aria-labelledby="reported-messages-title" className="space-y-2">
        <h3 id="reported-messages-title" className="text-sm font-semibold text-slate-900">
          {t('messages')}
        </h3>
        <p className="text-xs text-slate-600">{t('messagesHint', { name })}</p>
        {report.conversationId === null && <p className="text-xs text-slate-600">{t('conversationGone')}</p>}
        <div className="rounded-lg bg-slate-50 p-3">
          {messages.length === 0 ? (
            <p className="text-center text-sm text-slate-600">{t('noMessages', { name })}</p>
          ) : (
            <ol className="space-y-3" aria-labelledby="reported-messages-title">
              {messages.map((message) => (
                <ReportedBubble key={message._id} message={message} author={name} />
              ))}
            </ol>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={blocking}
        title={t('block')}
        message={t('blockConfirm', { name })}
        confirmLabel={t('block')}
        onConfirm={() => run('block')}
        onCancel={() => {
          setBlocking(false);
          moderate.reset();
        }}
        pending={moderate.isPending}
        error={blocking && moderate.error ? `${t('actionError')} : ${moderate.error.message}` : null}
      />
    </div>
  );
}

/** One message in question, as the thread's bubbles show the person's (on the left), its links not followed. */
function ReportedBubble({ message, author }: { message: ReportedMessage; author: string }) {
  return (
    <li className="flex justify-start" data-reported-message-id={message._id}>
      <div className="max-w-[85%] min-w-0 rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-slate-900 shadow-sm ring-1 ring-slate-200">
        {/* Plain text: a reported message's links (a scam's, perhaps) are read here, not followed. */}
        <p className="whitespace-pre-wrap break-words text-sm">{message.text}</p>
        <p className="mt-1 text-xs text-slate-600">
          {author} ·{' '}
          <time dateTime={message.createdAt}>{formatDate(message.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</time>
        </p>
      </div>
    </li>
  );
}
