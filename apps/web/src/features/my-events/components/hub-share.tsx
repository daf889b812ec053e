import type { EventDetail } from '@app/shared/events';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form/input-style';
import { toast } from '../../../components/ui/toast';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useRenewShareLink } from '../api/run-event';
import { eventHubMessages } from '../hub-messages';
import { qrFileName, sharedAddress, whatsappHref } from '../lib/event-hub';
import { drawQrCode, type QrImages, svgDataUrl } from '../lib/qr-code';

type T = ReturnType<typeof useT<keyof (typeof eventHubMessages)['fr']>>;

/** The poster's QR code of `address`, drawn once the block shows, with its PNG and SVG downloads. */
function PosterQr({ event, address, t }: { event: EventDetail; address: string; t: T }) {
  const [qr, setQr] = useState<{ address: string; images: QrImages } | 'error' | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    drawQrCode(address).then(
      (images) => live && setQr({ address, images }),
      () => live && setQr('error'),
    );
    return () => {
      live = false;
    };
    // `attempt`: 'Réessayer' draws it again (the chunk may have failed to load offline).
  }, [address, attempt]);

  if (qr === 'error') {
    return (
      <div role="alert" className="text-sm text-red-800">
        <p>{t('qrError')}</p>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => {
            setQr(null);
            setAttempt((n) => n + 1);
          }}
        >
          {t('retry')}
        </Button>
      </div>
    );
  }
  const ready = qr && qr.address === address ? qr.images : null;
  return (
    <div className="flex flex-col items-center gap-3">
      {ready ? (
        <img
          src={svgDataUrl(ready.svg)}
          alt={t('qrAlt', { address })}
          width={176}
          height={176}
          className="h-44 w-44 shrink-0 rounded-lg border border-slate-200 bg-white"
          data-testid="poster-qr"
        />
      ) : (
        <div aria-busy="true" className="h-44 w-44 shrink-0 animate-pulse rounded-lg bg-slate-100">
          <span className="sr-only">{t('qrLoading')}</span>
        </div>
      )}
      <div className="grid w-full gap-2 sm:grid-cols-2 lg:grid-cols-1">
        {ready ? (
          <>
            <a href={ready.png} download={qrFileName(event, 'png')} className={buttonClass('secondary', 'md')}>
              {t('downloadPng')}
            </a>
            <a href={svgDataUrl(ready.svg)} download={qrFileName(event, 'svg')} className={buttonClass('secondary', 'md')}>
              {t('downloadSvg')}
            </a>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Share the event (issue 27 item 3): WhatsApp (the address marked `src=whatsapp` for the
 * statistics), copy the link (a toast, or the address selected where the clipboard is refused),
 * the poster's QR code as PNG and SVG; a private event's share link with 'Renouveler le lien'.
 */
export function HubShare({ event }: { event: EventDetail }) {
  const t = useT(eventHubMessages);
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const renew = useRenewShareLink(event._id);
  const [confirmRenew, setConfirmRenew] = useState(false);
  const address = sharedAddress(event, window.location.origin);
  const privateLink = !event.isPublic;
  const visible = event.status !== 'draft';
  const text = t('whatsappText', {
    title: event.title,
    date: formatDate(event.startDateTime, { dateStyle: 'full', timeStyle: 'short' }),
    city: event.location.city,
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      toast.success(t('copied'));
    } catch {
      // No clipboard (a page without HTTPS, a refused permission): the address selected for a manual copy.
      field.current?.focus();
      field.current?.select();
      toast.info(t('copySelect'));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('share')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{privateLink ? t('sharePrivateHint') : t('shareHint')}</p>
        {visible ? null : <p className="mt-1 text-sm text-amber-900">{t('shareNotYet')}</p>}
      </div>
      <a
        href={whatsappHref(text, address)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('success', 'md', 'w-full')}
        data-testid="hub-whatsapp"
      >
        {t('whatsapp')}
      </a>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {privateLink ? t('privateLink') : t('address')}
        </label>
        <input
          id={id}
          ref={field}
          readOnly
          value={address}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} bg-slate-50 font-mono text-xs sm:text-xs`}
        />
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void copy()}>
            {t('copy')}
          </Button>
          {privateLink ? (
            <Button
              variant="secondary"
              onClick={() => {
                renew.reset();
                setConfirmRenew(true);
              }}
            >
              {t('renew')}
            </Button>
          ) : null}
        </div>
      </div>
      <div className="border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">{t('qr')}</h3>
        <p className="mb-3 text-sm text-slate-700">
          {t('qrHint')}
          {privateLink ? ` ${t('qrPrivateHint')}` : ''}
        </p>
        <PosterQr event={event} address={address} t={t} />
      </div>
      <ConfirmDialog
        open={confirmRenew}
        title={t('renewTitle')}
        message={t('renewText')}
        confirmLabel={t('renew')}
        pending={renew.isPending}
        error={renew.error ? renew.error.message : null}
        onCancel={() => setConfirmRenew(false)}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              setConfirmRenew(false);
              toast.success(t('renewed'));
            },
          })
        }
      />
    </section>
  );
}
