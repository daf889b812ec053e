import type { EventSummary } from '@app/shared/events';
import { Button } from '../../../components/ui/button';
import { CardImage } from '../../../components/ui/card-image';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { eventsMessages } from '../messages';
import { Icon } from './icons';
import { EventStatusBadge } from './status-badge';

export interface EventCardProps {
  event: EventSummary;
  selected?: boolean;
  onSelect?: (id: string) => void;
  /** Shown on drafts only. */
  onPublish?: (id: string) => void;
  publishing?: boolean;
}

/**
 * Event card: title, start date and time, address and city, participants over maximum
 * (∞ without one), status badge, 'Publier' on drafts. The whole card selects the event.
 */
export function EventCard({ event, selected = false, onSelect, onPublish, publishing = false }: EventCardProps) {
  const t = useT(eventsMessages);
  const max = event.maxParticipants === null ? '∞' : formatNumber(event.maxParticipants);
  return (
    <article
      className={`relative flex gap-3 rounded-xl border bg-white p-3 shadow-sm transition-colors hover:border-brand-600 ${
        selected ? 'border-brand-700 ring-2 ring-brand-700/30' : 'border-slate-200'
      }`}
    >
      <CardImage cover={event.cover} className="h-14 w-18 shrink-0 rounded-lg object-cover sm:h-18 sm:w-24" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 flex-1 font-semibold text-slate-900">
            <button
              type="button"
              onClick={() => onSelect?.(event._id)}
              aria-current={selected ? 'true' : undefined}
              data-event-id={event._id}
              className="block w-full text-left [overflow-wrap:anywhere] after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-700"
            >
              {event.title}
            </button>
          </h3>
          <EventStatusBadge status={event.status} />
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
          <Icon name="calendar" className="size-4 text-slate-500" />
          {formatDate(event.startDateTime, { dateStyle: 'medium', timeStyle: 'short' })}
        </p>
        <p className="flex items-start gap-1.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
          <Icon name="pin" className="mt-0.5 size-4 text-slate-500" />
          <span>
            {event.location.address}, {event.location.city}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-1.5 text-sm text-slate-700">
            <Icon name="users" className="size-4 text-slate-500" />
            <span className="sr-only">{t('participants')} : </span>
            <span>
              {formatNumber(event.participantsCount)}/{max}
            </span>
          </p>
          {event.status === 'draft' && onPublish ? (
            <Button
              size="sm"
              variant="success"
              className="relative z-10"
              disabled={publishing}
              onClick={() => onPublish(event._id)}
              aria-label={`${t('publish')} « ${event.title} »`}
            >
              {t('publish')}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
