import { isReopenable } from '@app/shared/events';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CloseButton } from '../../../components/ui/close-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { useChangeEventStatus } from '../api/change-event-status';
import { useDeleteEvent } from '../api/delete-event';
import { useEvent } from '../api/get-event';
import { useUpdateEvent } from '../api/update-event';
import { eventsMessages } from '../messages';
import { EventEditForm } from './event-edit-form';
import { Counts, EventFacts } from './event-facts';
import { EventImages } from './event-images';
import { useCategoryLabel } from './form-controls';
import { ShareLink } from './share-link';
import { ApprovalActions } from './approval-actions';
import { EventStatusBadge } from './status-badge';

interface EventDetailPanelProps {
  id: string;
  onClose: () => void;
  onDeleted: () => void;
  /** Opened from 'À approuver': a waiting draft shows Approuver / Refuser avec motif. */
  approval?: boolean;
}

/** Detail panel: view mode, edit mode ('Annuler' restores), delete, status action. */
export function EventDetailPanel({ id, onClose, onDeleted, approval = false }: EventDetailPanelProps) {
  const t = useT(eventsMessages);
  const categoryLabelOf = useCategoryLabel();
  const query = useEvent(id);
  const update = useUpdateEvent();
  const remove = useDeleteEvent();
  const status = useChangeEventStatus();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [confirmReopen, setConfirmReopen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = query.isSuccess;

  // Keyboard and screen-reader users land on the detail they opened.
  useEffect(() => {
    if (!loaded || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    // Stacked layout (small screens): bring the detail into view below the list.
    if (window.matchMedia('(max-width: 1023px)').matches) heading.current.scrollIntoView({ block: 'start' });
  }, [loaded]);

  if (query.isPending) return <SkeletonRows rows={6} />;
  if (query.isError) return <Alert>{query.error.message}</Alert>;
  const event = query.data;

  const runStatus = (action: 'publish' | 'cancel' | 'reopen') =>
    status.mutate(
      { id, action },
      {
        onSuccess: () => {
          setConfirmCancel(false);
          setConfirmReopen(false);
          toast.success({ publish: t('published'), cancel: t('cancelled'), reopen: t('reopened') }[action]);
        },
        onError: (error) => {
          if (action === 'publish') toast.error(`${t('statusError')} : ${error.message}`);
        },
      },
    );

  return (
    <article aria-labelledby="event-detail-title" className="space-y-4">
      <div className="flex items-start justify-between gap-2">
        <h2
          id="event-detail-title"
          ref={heading}
          tabIndex={-1}
          className="min-w-0 scroll-mt-24 text-xl font-bold break-words text-slate-900 focus:outline-none"
        >
          {event.title}
        </h2>
        <CloseButton label={t('closeDetail')} onClick={onClose} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <EventStatusBadge status={event.status} />
        <span className="text-sm text-slate-600">{categoryLabelOf(event.category)}</span>
        {event.status !== 'draft' ? (
          // The page visitors see (a private one through its share link); a draft has none yet.
          <a
            href={event.isPublic ? event.publicPath : (event.sharePath ?? event.publicPath)}
            target="_blank"
            rel="noopener"
            className="text-sm font-medium text-brand-700 underline hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {t('publicPage')}
            <span className="sr-only"> {t('newTab')}</span>
          </a>
        ) : null}
      </div>

      {editing ? (
        <EventEditForm
          event={event}
          pending={update.isPending}
          error={update.error ? `${t('updateError')} : ${update.error.message}` : null}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
          onSave={(changes) =>
            update.mutate(
              { id, changes },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast.success(t('updated'));
                },
              },
            )
          }
        />
      ) : (
        <>
          {approval && event.status === 'draft' ? <ApprovalActions event={event} /> : null}
          <EventFacts event={event} />
          <ShareLink event={event} />
          <Counts event={event} />
          <EventImages event={event} />
          {status.error && !confirmCancel && !confirmReopen ? (
            <Alert>{`${t('statusError')} : ${status.error.message}`}</Alert>
          ) : null}
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            {event.status === 'draft' ? (
              <Button variant="success" onClick={() => runStatus('publish')} disabled={status.isPending}>
                {t('publish')}
              </Button>
            ) : null}
            {event.status === 'published' ? (
              <Button
                variant="secondary"
                onClick={() => {
                  status.reset();
                  setConfirmCancel(true);
                }}
                disabled={status.isPending}
              >
                {t('cancelEvent')}
              </Button>
            ) : null}
            {/* Cancelled and not ended: back to draft (decision 030). */}
            {isReopenable(event) ? (
              <Button
                variant="success"
                onClick={() => {
                  status.reset();
                  setConfirmReopen(true);
                }}
                disabled={status.isPending}
              >
                {t('reopen')}
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => {
                update.reset();
                setEditing(true);
              }}
            >
              {t('edit')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                remove.reset();
                setConfirmDelete(true);
              }}
            >
              {t('delete')}
            </Button>
          </div>
        </>
      )}

      <ConfirmDialog
        open={confirmDelete}
        title={t('deleteTitle')}
        message={t('deleteConfirm')}
        confirmLabel={t('delete')}
        pending={remove.isPending}
        error={remove.error ? `${t('deleteError')} : ${remove.error.message}` : null}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast.success(t('deleted'));
              onDeleted();
            },
          })
        }
      />
      <Dialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={t('cancelEventTitle')}
        size="max-w-md"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmCancel(false)} disabled={status.isPending}>
              {t('keep')}
            </Button>
            <Button variant="danger" onClick={() => runStatus('cancel')} disabled={status.isPending}>
              {t('cancelEvent')}
            </Button>
          </>
        }
      >
        <p className="text-slate-800">{t('cancelEventText', { title: event.title })}</p>
        {status.error ? <Alert className="mt-3">{`${t('statusError')} : ${status.error.message}`}</Alert> : null}
      </Dialog>
      <Dialog
        open={confirmReopen}
        onClose={() => setConfirmReopen(false)}
        title={t('reopenTitle')}
        size="max-w-md"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmReopen(false)} disabled={status.isPending}>
              {t('keep')}
            </Button>
            <Button variant="success" onClick={() => runStatus('reopen')} disabled={status.isPending}>
              {t('reopen')}
            </Button>
          </>
        }
      >
        <p className="text-slate-800">{t('reopenText', { title: event.title })}</p>
        {status.error ? <Alert className="mt-3">{`${t('statusError')} : ${status.error.message}`}</Alert> : null}
      </Dialog>
    </article>
  );
}
