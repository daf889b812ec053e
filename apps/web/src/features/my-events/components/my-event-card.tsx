import type { EventSummary } from '@app/shared/events';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardImage } from '../../../components/ui/card-image';
import { paths } from '../../../config/paths';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { myEventsMessages } from '../messages';

/** One of my events: cover, title (its link to the event's hub), start, place, participants over the maximum (∞ without one), then its actions. */
export function MyEventCard({ event, actions }: { event: EventSummary; actions: ReactNode }) {
  const t = useT(myEventsMessages);
  const max = event.maxParticipants === null ? '∞' : formatNumber(event.maxParticipants);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row"
      data-my-event={event._id}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <CardImage
          cover={event.cover}
          className="h-18 w-24 shrink-0 rounded-lg object-cover"
          fallback={
            <div className="flex h-18 w-24 shrink-0 items-center justify-center rounded-lg bg-slate-100 px-1 text-center text-xs text-slate-600">
              {t('noCover')}
            </div>
          }
        />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {/* The event's hub: publish, cancel, share, and its other screens (decision 043). */}
            <Link to={paths.organiser.event(event._id)} className="text-brand-800 underline-offset-2 hover:underline">
              {event.title}
            </Link>
          </h2>
          <p className="mt-0.5 text-sm text-slate-700">
            {formatDate(event.startDateTime, { dateStyle: 'medium', timeStyle: 'short' })}
          </p>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{event.location.city}</p>
          <p className="text-sm text-slate-700">
            <span aria-hidden="true">
              {t('participants')} : {formatNumber(event.participantsCount)}/{max}
            </span>
            <span className="sr-only">{t('participantsOf', { count: formatNumber(event.participantsCount), max })}</span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-start gap-2 sm:flex-col sm:items-stretch">{actions}</div>
    </li>
  );
}
