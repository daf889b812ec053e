import type { MyTicket } from '@app/shared/check-in';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate, formatLongDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useMyTicket } from '../api/check-in-api';
import { checkInMessages } from '../messages';
import { qrSvgPath } from '../qr-svg';

/** The ticket's QR code, black on white and as wide as the screen allows (`qrcode` loaded here only). */
function TicketQr({ text, label }: { text: string; label: string }) {
  const t = useT(checkInMessages);
  const [drawn, setDrawn] = useState<{ text: string; viewBox: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qrcode) => {
      if (live) setDrawn({ text, ...qrSvgPath(text, qrcode.create) });
    });
    return () => {
      live = false;
    };
  }, [text]);

  return (
    <div className="mx-auto w-full max-w-80 rounded-xl bg-white p-2 ring-1 ring-slate-200">
      {drawn && drawn.text === text ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`0 0 ${drawn.viewBox} ${drawn.viewBox}`}
          shapeRendering="crispEdges"
          className="block aspect-square h-auto w-full"
          data-ticket-qr
        >
          <rect width={drawn.viewBox} height={drawn.viewBox} fill="#ffffff" />
          <path d={drawn.d} fill="#000000" />
        </svg>
      ) : (
        <div
          aria-busy="true"
          className="flex aspect-square w-full items-center justify-center bg-slate-50 text-sm text-slate-600"
        >
          {t('qrDrawing')}
        </div>
      )}
    </div>
  );
}

function TicketCard({ ticket }: { ticket: MyTicket }) {
  const t = useT(checkInMessages);
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="space-y-1 p-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere]">{ticket.title}</h2>
          {ticket.cancelled ? <Badge tone="red">{t('cancelled')}</Badge> : null}
        </div>
        <p className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]" data-ticket-holder>
          <span className="sr-only">{t('holder')} : </span>
          {ticket.holderName}
        </p>
        {ticket.admittedAt ? (
          <p className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-semibold text-emerald-800">
            {t('admittedOn', { date: formatDate(ticket.admittedAt, { dateStyle: 'long', timeStyle: 'short' }) })}
          </p>
        ) : null}
      </div>
      {ticket.cancelled ? (
        <p className="border-y border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:px-6">{t('cancelledHint')}</p>
      ) : (
        <div className="border-y border-slate-200 bg-slate-50 px-4 py-4 sm:px-6">
          <TicketQr text={ticket.qr} label={t('qrLabel', { name: ticket.holderName, title: ticket.title })} />
          <p className="mx-auto mt-3 max-w-80 text-center text-sm text-slate-700">{t('qrHint')}</p>
        </div>
      )}
      <dl className="grid gap-1 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4 sm:px-6">
        <dt className="font-medium text-slate-600">{t('when')}</dt>
        <dd className="text-slate-900">{formatLongDateTime(ticket.startDateTime)}</dd>
        <dt className="mt-1 font-medium text-slate-600 sm:mt-0">{t('where')}</dt>
        <dd className="text-slate-900 [overflow-wrap:anywhere]">
          {ticket.address}, {ticket.city}
        </dd>
      </dl>
    </article>
  );
}

/** A participant's ticket (issue 27 items 4 and 7): the event, the holder and the signed QR code the door scans. */
export function TicketScreen({ eventId }: { eventId: string }) {
  const t = useT(checkInMessages);
  const ticket = useMyTicket(eventId);
  const title = ticket.data?.title;
  useEffect(() => {
    document.title = `${t('ticketTitle')}${title ? ` · ${title}` : ''} · Évènements Cameroun`;
  }, [t, title]);
  const missing = ticket.error instanceof ApiRequestError && ticket.error.status === 404;

  return (
    <div className="mx-auto w-full max-w-xl space-y-4">
      <Link to={paths.participations} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t('backToParticipations')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{t('ticketTitle')}</h1>
      {ticket.isPending ? (
        <ListLoading label={t('ticketLoading')} rows={4} />
      ) : missing ? (
        <div role="alert" className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">{t('ticketNotFound')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('ticketNotFoundHint')}</p>
        </div>
      ) : ticket.isError ? (
        <ListError
          title={t('ticketLoadError')}
          message={ticket.error.message}
          retryLabel={t('retry')}
          onRetry={() => ticket.refetch()}
        />
      ) : (
        <TicketCard ticket={ticket.data} />
      )}
    </div>
  );
}
