import type { EventDetail } from '@app/shared/events';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useDuplicateEvent } from '../api/duplicate-event';
import { useRunEvent } from '../api/run-event';
import { useMyEvent } from '../api/save-event';
import { eventHubMessages } from '../hub-messages';
import { type HubStatus, hubActions, hubStatus, participantsOverMax } from '../lib/event-hub';
import { CancelEventDialog } from './cancel-event-dialog';
import { HubShare } from './hub-share';

type T = ReturnType<typeof useT<keyof (typeof eventHubMessages)['fr']>>;

const STATUS_TONES: Record<HubStatus, BadgeTone> = {
  draft: 'gray',
  pending: 'yellow',
  refused: 'red',
  published: 'green',
  past: 'blue',
  cancelled: 'red',
};

/** 'samedi 14 mars 2099, 20:00 – 23:30', or both whole dates when it ends another day (Douala time). */
function when(event: EventDetail): string {
  const sameDay =
    formatDate(event.startDateTime, { dateStyle: 'short' }) === formatDate(event.endDateTime, { dateStyle: 'short' });
  const start = formatDate(event.startDateTime, { dateStyle: 'full', timeStyle: 'short' });
  const end = sameDay
    ? formatDate(event.endDateTime, { timeStyle: 'short' })
    : formatDate(event.endDateTime, { dateStyle: 'full', timeStyle: 'short' });
  return `${start} – ${end}`;
}

function Cover({ event, t }: { event: EventDetail; t: T }) {
  const cover = event.images[0];
  if (!cover) {
    return (
      <div className="flex aspect-[16/9] w-full items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-600">
        {t('noCover')}
      </div>
    );
  }
  return (
    <img
      src={cover.mediumUrl ?? cover.detailUrl}
      srcSet={cover.mediumUrl ? `${cover.mediumUrl} 800w, ${cover.detailUrl} ${cover.width}w` : undefined}
      sizes="(min-width: 1024px) 24rem, 100vw"
      alt=""
      width={cover.width}
      height={cover.height}
      className="aspect-[16/9] w-full rounded-xl bg-slate-100 object-cover"
    />
  );
}

/** The status badge and, under it, what that status means for the organiser (reason, message). */
function StatusLine({ event, status, t }: { event: EventDetail; status: HubStatus; t: T }) {
  const detail =
    status === 'pending'
      ? t('pendingHint')
      : status === 'refused'
        ? [event.refusalReason ? t('refusedReason', { reason: event.refusalReason }) : null, t('refusedHint')]
            .filter(Boolean)
            .join(' ')
        : status === 'cancelled' && event.cancellationMessage
          ? t('cancelledMessage', { message: event.cancellationMessage })
          : status === 'draft'
            ? t('draftHint')
            : null;
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className="sr-only">{t('status')} :</span>
        <span data-testid="hub-status">
          <Badge tone={STATUS_TONES[status]}>{t(`status_${status}`)}</Badge>
        </span>
        {event.isPublic ? null : <Badge tone="gray">{t('privateEvent')}</Badge>}
      </p>
      {detail ? (
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]" data-testid="hub-status-detail">
          {detail}
        </p>
      ) : null}
    </div>
  );
}

/** The organiser's screens of this event: links, whether or not each screen exists yet. */
function ManageLinks({ event, t }: { event: EventDetail; t: T }) {
  const links = [
    { to: paths.organiser.eventStats(event._id), label: t('stats') },
    { to: paths.organiser.participants(event._id), label: t('participantsLink') },
    { to: paths.organiser.comments(event._id), label: t('comments') },
    { to: paths.organiser.announcements(event._id), label: t('announcements') },
    { to: paths.organiser.promote(event._id), label: t('promote') },
    { to: paths.organiser.checkIn(event._id), label: t('checkIn') },
  ];
  return (
    <nav aria-label={t('manage')}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={buttonClass('secondary', 'md', 'h-full w-full text-center')}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The loaded hub: header, actions, links to the event's screens, and sharing. */
function Hub({ event }: { event: EventDetail }) {
  const t = useT(eventHubMessages);
  const navigate = useNavigate();
  const headingId = useId();
  const status = hubStatus(event);
  const allowed = hubActions(event);
  const run = useRunEvent(event._id);
  const duplicate = useDuplicateEvent();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelMessage, setCancelMessage] = useState('');
  // The last refusal of 'Publier' or 'Dupliquer', said where the buttons are (a toast goes away).
  const [actionError, setActionError] = useState<string | null>(null);
  const max = event.maxParticipants === null ? null : formatNumber(event.maxParticipants);
  const count = formatNumber(event.participantsCount);

  const publish = () => {
    setActionError(null);
    run.mutate(
      { action: 'publish' },
      {
        onSuccess: (answer) => {
          // With approval required the event stays a draft, submitted: the API's message says so.
          if (answer.event.status === 'draft') toast.info(answer.message ?? t('pendingHint'));
          else toast.success(t('published'));
        },
        onError: (error) => setActionError(error.message),
      },
    );
  };
  const cancel = () =>
    run.mutate(
      { action: 'cancel', message: cancelMessage.trim() || undefined },
      {
        onSuccess: () => {
          setCancelOpen(false);
          setCancelMessage('');
          toast.success(t('cancelled'));
        },
      },
    );
  const copy = () => {
    setActionError(null);
    duplicate.mutate(event._id, {
      onSuccess: (answer) => {
        toast.success(t('duplicated'));
        navigate(paths.organiser.event(answer.event._id));
      },
      onError: (error) => setActionError(error.message),
    });
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="space-y-4">
        <article
          aria-labelledby={headingId}
          className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm sm:flex sm:gap-4 sm:p-4"
        >
          <div className="sm:w-2/5 sm:shrink-0">
            <Cover event={event} t={t} />
          </div>
          <div className="min-w-0 space-y-2 p-4 sm:p-0">
            <h1 id={headingId} className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">
              {event.title}
            </h1>
            <p className="text-sm text-slate-800">
              <time dateTime={event.startDateTime}>{when(event)}</time>
            </p>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              {event.location.address}, {event.location.city}
            </p>
            <StatusLine event={event} status={status} t={t} />
            <p className="text-sm text-slate-800">
              <span aria-hidden="true">
                {t('participants')} <strong className="tabular-nums">{participantsOverMax(count, max)}</strong>
              </span>
              <span className="sr-only" data-testid="hub-participants">
                {t('participantsOf', { count, max: max ?? t('unlimited') })}
              </span>
            </p>
          </div>
        </article>

        <section aria-label={t('actions')} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap gap-2">
            {allowed.publish ? (
              <Button onClick={publish} disabled={run.isPending}>
                {run.isPending && run.variables?.action === 'publish' ? t('publishing') : t('publish')}
              </Button>
            ) : null}
            {allowed.edit ? (
              <Link to={paths.organiser.editEvent(event._id)} className={buttonClass('secondary', 'md')}>
                {t('edit')}
              </Link>
            ) : null}
            <Button variant="secondary" onClick={copy} disabled={duplicate.isPending}>
              {t('duplicate')}
            </Button>
            {allowed.cancel ? (
              <Button
                variant="secondary"
                className="text-red-800"
                onClick={() => {
                  run.reset();
                  setCancelOpen(true);
                }}
              >
                {t('cancel')}
              </Button>
            ) : null}
          </div>
          {actionError ? <Alert>{actionError}</Alert> : null}
          <ManageLinks event={event} t={t} />
        </section>
      </div>

      <HubShare event={event} />

      <CancelEventDialog
        open={cancelOpen}
        message={cancelMessage}
        onMessageChange={setCancelMessage}
        pending={run.isPending}
        error={run.variables?.action === 'cancel' ? run.error : null}
        onConfirm={cancel}
        onClose={() => setCancelOpen(false)}
      />
    </div>
  );
}

/** Someone else's event, or an unknown id: said plainly, with the way back (no hint it exists). */
function NotFound({ t }: { t: T }) {
  return (
    <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6">
      <h1 className="text-xl font-bold text-slate-900">{t('notFound')}</h1>
      <p className="mt-1 text-sm text-slate-700">{t('notFoundHint')}</p>
      <Link to={paths.organiser.events} className={buttonClass('primary', 'md', 'mt-4')}>
        {t('backToList')}
      </Link>
    </div>
  );
}

/**
 * `/mon-compte/evenements/:id`: the organiser's hub of one event (issue 27 item 3, decision 043).
 * Shown to whoever may manage the event (the API then sends its share link); anyone else, and an
 * unknown or malformed id, reads 'Événement introuvable'.
 */
export function EventHub({ id }: { id: string }) {
  const t = useT(eventHubMessages);
  const event = useMyEvent(id);
  const title = event.data?.title;
  useEffect(() => {
    document.title = `${title ?? t('loading')} · Évènements Cameroun`;
  }, [t, title]);
  const refused = event.error instanceof ApiRequestError && (event.error.status === 404 || event.error.status === 400);
  const notMine = event.data !== undefined && event.data.shareUrl === undefined;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      {refused || notMine ? null : (
        <Link to={paths.organiser.events} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← {t('backToList')}
        </Link>
      )}
      {event.isPending ? (
        <ListLoading label={t('loading')} rows={4} />
      ) : refused || notMine ? (
        <NotFound t={t} />
      ) : event.isError ? (
        <ListError
          title={t('loadError')}
          message={event.error.message}
          retryLabel={t('retry')}
          onRetry={() => void event.refetch()}
        />
      ) : (
        <Hub event={event.data} />
      )}
    </div>
  );
}
