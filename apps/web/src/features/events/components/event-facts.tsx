import { type EventDetail, type EventDetailImage, MEDIUM_IMAGE_WIDTH } from '@app/shared/events';
import type { ReactNode } from 'react';
import { formatLongDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { eventsMessages } from '../messages';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function Counts({ event }: { event: EventDetail }) {
  const t = useT(eventsMessages);
  const max = event.maxParticipants === null ? '∞' : formatNumber(event.maxParticipants);
  const items = [
    { label: t('participants'), value: `${formatNumber(event.participantsCount)}/${max}` },
    { label: t('comments'), value: formatNumber(event.commentsCount) },
    { label: t('likes'), value: formatNumber(event.likes) },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg bg-slate-50 px-2 py-2">
          <dt className="text-xs text-slate-600">{item.label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The detail panel's view mode: the first image, then every fact of the event. */
export function EventFacts({ event }: { event: EventDetail }) {
  const t = useT(eventsMessages);
  return (
    <>
      {event.images[0] ? <FirstImage image={event.images[0]} /> : null}
      <dl className="space-y-3">
        <Row label={t('creator')}>{event.creator?.name || t('anonymous')}</Row>
        <Row label={t('start')}>{formatLongDateTime(event.startDateTime)}</Row>
        <Row label={t('end')}>{formatLongDateTime(event.endDateTime)}</Row>
        <Row label={t('location')}>
          {event.location.address}, {event.location.city}
        </Row>
        <Row label={t('description')}>
          <span className="whitespace-pre-line">{event.description}</span>
        </Row>
        {event.tags.length > 0 ? (
          <Row label={t('tags')}>
            <span className="flex flex-wrap gap-1">
              {event.tags.map((tag) => (
                <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  #{tag}
                </span>
              ))}
            </span>
          </Row>
        ) : null}
        <Row label={t('ticketTypes')}>
          <ul className="space-y-1">
            {event.ticketTypes.map((ticket) => (
              <li key={ticket._id} className="text-sm">
                <span className="font-medium">{ticket.name}</span> — {ticket.price === 0 ? t('free') : formatMoney(ticket.price)}{' '}
                · {t('quantity', { count: formatNumber(ticket.quantity) })}
              </li>
            ))}
          </ul>
        </Row>
        <Row label={t('visibility')}>
          {event.isPublic ? t('public') : t('private')}
          {event.isHighlighted ? ` · ${t('highlighted')}` : ''}
        </Row>
      </dl>
    </>
  );
}

/** The panel is the whole width below `lg`, a third of it above: phones take the 800 px copy. */
const PANEL_SIZES = '(min-width: 1024px) 33vw, 100vw';

function FirstImage({ image }: { image: EventDetailImage }) {
  const srcSet =
    image.mediumUrl && image.width > MEDIUM_IMAGE_WIDTH
      ? `${image.mediumUrl} ${MEDIUM_IMAGE_WIDTH}w, ${image.detailUrl} ${image.width}w`
      : undefined;
  return (
    <img
      src={image.mediumUrl ?? image.detailUrl}
      srcSet={srcSet}
      sizes={srcSet ? PANEL_SIZES : undefined}
      alt=""
      width={image.width}
      height={image.height}
      className="h-auto w-full rounded-lg object-cover"
    />
  );
}
