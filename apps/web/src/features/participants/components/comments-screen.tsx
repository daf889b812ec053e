import type { Comment, ReportReason } from '@app/shared/community';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select, Textarea } from '../../../components/ui/form/controls';
import { DialogForm } from '../../../components/ui/form/dialog-form';
import { describedBy, Field } from '../../../components/ui/form/field';
import { EventNotFound } from '../../../components/ui/event-not-found';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { Pagination, pageCount } from '../../../components/ui/pagination';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatLongDateTime, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { COMMENTS_PAGE_SIZE, useDeleteComment, useEventComments, useParticipants, useReportUser } from '../api';
import { commentsMessages } from '../messages';
import { Avatar } from './shared';

/** The reasons `POST /users/{id}/reports` takes (`REPORT_REASONS`, kept here so zod stays out of the screen). */
const REASONS: readonly ReportReason[] = ['spam', 'harassment', 'inappropriate', 'fake_account', 'scam', 'other'];
const DETAILS_MAX = 1000;

function ReportDialog({ author, onClose }: { author: Comment['author']; onClose: () => void }) {
  const t = useT(commentsMessages);
  const report = useReportUser();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reason: reason ? undefined : t('reasonRequired'),
      details: details.trim().length > DETAILS_MAX ? t('detailsTooLong') : undefined,
    };
    setErrors(found);
    if (!reason || found.details) return;
    report.mutate(
      { userId: author._id, body: { reason, details: details.trim() || undefined } },
      {
        onSuccess: () => {
          toast.success(t('reported'));
          onClose();
        },
      },
    );
  };

  return (
    <DialogForm
      open
      title={t('reportTitle', { name: author.name })}
      intro={t('reportIntro')}
      onClose={onClose}
      onSubmit={submit}
      serverError={report.error?.message ?? null}
      errorTitle={t('report')}
      pending={report.isPending}
      cancelLabel={t('cancel')}
      submitLabel={t('send')}
      pendingLabel={t('send')}
    >
      <Field id="report-reason" label={t('reason')} error={errors.reason} required>
        <Select
          id="report-reason"
          value={reason}
          aria-required
          {...describedBy('report-reason', errors.reason)}
          onChange={(event) => setReason(event.target.value as ReportReason | '')}
        >
          <option value="">—</option>
          {REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`reason_${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="report-details" label={t('details')} error={errors.details}>
        <Textarea
          id="report-details"
          rows={3}
          value={details}
          {...describedBy('report-details', errors.details)}
          onChange={(event) => setDetails(event.target.value)}
        />
      </Field>
    </DialogForm>
  );
}

/**
 * /mon-compte/evenements/:id/commentaires (issue 27 item 6, decision 038): the event's comments
 * newest first, 'Supprimer' after a confirmation (the organiser's moderation, audited by the API),
 * 'Signaler l'auteur' with the report's reasons.
 */
export function CommentsScreen({ eventId }: { eventId: string }) {
  const t = useT(commentsMessages);
  const { page, setPage } = useListScreen();
  // The organiser-only read of the event (404 for anyone else) gives its title and the ownership check.
  const event = useParticipants(eventId, '', 1);
  const comments = useEventComments(eventId, page);
  const remove = useDeleteComment(eventId);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const [reporting, setReporting] = useState<Comment['author'] | null>(null);
  const title = event.data?.event.title;
  const missing =
    (event.error instanceof ApiRequestError && event.error.status === 404) ||
    (comments.error instanceof ApiRequestError && comments.error.status === 404);

  useEffect(() => {
    document.title = `${t('title')}${title ? ` · ${title}` : ''} · Évènements Cameroun`;
  }, [t, title]);

  const count = comments.data ? pageCount(comments.data.total, COMMENTS_PAGE_SIZE) : 1;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        toast.success(t('deleted'));
        setDeleting(null);
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <Link to={paths.organiser.event(eventId)} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('back')}
      </Link>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        {title && !missing ? <p className="text-slate-700">{title}</p> : null}
        {comments.data && !missing ? (
          <p className="mt-1 text-sm text-slate-700">{t('total', { count: formatNumber(comments.data.total) })}</p>
        ) : null}
      </header>
      {missing ? (
        <EventNotFound title={t('notFound')} hint={t('notFoundHint')} linkLabel={t('myEvents')} />
      ) : comments.isPending || event.isPending ? (
        <ListLoading label={t('loading')} rows={4} />
      ) : event.isError || comments.isError ? (
        <ListError
          title={t('loadError')}
          message={(comments.error ?? event.error)?.message ?? ''}
          retryLabel={t('retry')}
          onRetry={() => {
            void event.refetch();
            void comments.refetch();
          }}
        />
      ) : comments.data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="text-slate-700">{t('empty')}</p>
        </div>
      ) : (
        <>
          <ul aria-label={t('listLabel')} aria-busy={comments.isPlaceholderData} className="space-y-3">
            {comments.data.items.map((comment) => (
              <li key={comment._id} className="rounded-2xl border border-slate-200 bg-white p-4" data-comment={comment._id}>
                <div className="flex items-start gap-3">
                  <Avatar name={comment.author.name} src={comment.author.avatar} />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">{comment.author.name}</p>
                    <p className="text-xs text-slate-600">{t('postedAt', { date: formatLongDateTime(comment.createdAt) })}</p>
                    <p className="mt-2 whitespace-pre-line break-words text-slate-800">{comment.text}</p>
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap justify-end gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setReporting(comment.author)}
                    aria-label={t('reportLabel', { name: comment.author.name })}
                  >
                    {t('report')}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => {
                      remove.reset();
                      setDeleting(comment);
                    }}
                    aria-label={t('deleteLabel', { name: comment.author.name })}
                  >
                    {t('delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {count > 1 || page > 1 ? <Pagination page={page} count={count} onChange={setPage} label={t('pagination')} /> : null}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={deleting ? t('deleteConfirm', { name: deleting.author.name }) : ''}
        confirmLabel={t('delete')}
        tone="danger"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={confirmDelete}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
      {reporting ? <ReportDialog author={reporting} onClose={() => setReporting(null)} /> : null}
    </div>
  );
}
