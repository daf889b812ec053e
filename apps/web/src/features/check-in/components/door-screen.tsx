import type { CheckInBundle } from '@app/shared/check-in';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAccountSection } from '../../../components/layouts/account-section';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, describedBy } from '../../../components/ui/form/field';
import { inputClass } from '../../../components/ui/form/input-style';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { paths } from '../../../config/paths';
import { formatDate, formatLongDateTime, formatNumber } from '../../../lib/format';
import { getLanguage, useLanguage, useT } from '../../../lib/i18n';
import { decodeQrFile } from '../decode-qr';
import { admissions, type DoorScan, doorCounts, type ScanOutcome, searchTickets } from '../door-logic';
import { checkInMessages } from '../messages';
import { useDoor } from '../use-door';
import { doorTime, verdictOf } from '../verdict';
import { CameraScanner } from './camera-scanner';
import { DoorHelpers } from './door-helpers';

const ENTRANCE_KEY = 'door-entrance';
const ENTRANCE_MAX = 60;

/** 'HH:MM' in Douala time. */
const timeOf = (value: string | null) => doorTime(value, getLanguage());

const TONES: Record<ScanOutcome, string> = {
  valid: 'border-emerald-800 bg-emerald-700 text-white',
  already: 'border-amber-600 bg-amber-300 text-slate-950',
  double: 'border-amber-600 bg-amber-300 text-slate-950',
  unknown: 'border-red-800 bg-red-700 text-white',
};

function readEntrance(): string {
  try {
    return window.localStorage.getItem(ENTRANCE_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The last scan, large enough to read at arm's length: colour, verdict and name. */
function ScanResult({ scan }: { scan: DoorScan | null }) {
  const t = useT(checkInMessages);
  const id = useId();
  const language = useLanguage();
  const verdict = scan ? verdictOf(scan, language) : null;
  const outcome = verdict?.outcome ?? null;
  const box = useRef<HTMLElement>(null);
  const scanId = scan?.scanId;
  // Each new scan's verdict is brought into sight (below the camera on a phone).
  useEffect(() => {
    if (scanId) box.current?.scrollIntoView({ block: 'nearest' });
  }, [scanId]);
  return (
    <section ref={box} aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {t('result')}
      </h2>
      <div role="status" aria-live="assertive" data-scan-result={outcome ?? 'none'}>
        {scan && verdict && outcome ? (
          <div className={`rounded-2xl border-2 px-4 py-5 text-center ${TONES[outcome]}`}>
            <p className="text-3xl font-extrabold sm:text-4xl">{verdict.text}</p>
            <p className="mt-1 text-lg font-semibold [overflow-wrap:anywhere]">
              {scan.name ?? scan.server?.name ?? (outcome === 'unknown' ? '' : t('unnamed'))}
            </p>
            {verdict.detail ? <p className="mt-1 text-sm">{verdict.detail}</p> : null}
            {scan.server === null ? <p className="mt-1 text-sm font-medium">{t('pending')}</p> : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Participants found by name (nobody until two letters are typed), each with 'Admettre' or when they came in. */
function ManualSearch({
  bundle,
  admitted,
  onTick,
}: {
  bundle: CheckInBundle;
  admitted: Map<string, string>;
  onTick: (ticketId: string) => void;
}) {
  const t = useT(checkInMessages);
  const [text, setText] = useState('');
  const found = useMemo(() => searchTickets(bundle, text), [bundle, text]);
  return (
    <section aria-labelledby="door-search-title" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="door-search-title" className="mb-2 text-lg font-semibold text-slate-900">
        {t('searchTitle')}
      </h2>
      <Field id="door-search" label={t('search')} hint={t('searchHint')} labelClassName="sr-only">
        <input
          id="door-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          className={inputClass}
          {...describedBy('door-search', undefined, true)}
        />
      </Field>
      {text.trim().length >= 2 ? (
        found.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{t('searchNone')}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" aria-label={t('searchResults')}>
            {found.map((ticket) => {
              const at = admitted.get(ticket.ticketId);
              return (
                <li key={ticket.ticketId} className="flex items-center justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{ticket.name}</p>
                    {ticket.username ? <p className="text-sm text-slate-600">@{ticket.username}</p> : null}
                  </div>
                  {at ? (
                    <span className="shrink-0 text-sm font-medium text-amber-900">{t('admittedAt', { time: timeOf(at) })}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="success"
                      onClick={() => onTick(ticket.ticketId)}
                      aria-label={t('tickLabel', { name: ticket.name })}
                    >
                      {t('tick')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** The door of an event (issue 27 item 4): scan by camera or photo, search and tick, offline first. */
export function DoorScreen({ eventId }: { eventId: string }) {
  const t = useT(checkInMessages);
  const language = useLanguage();
  const door = useDoor(eventId);
  const [entrance, setEntrance] = useState(readEntrance);
  const [lastScanId, setLastScanId] = useState<string | null>(null);
  const [photoState, setPhotoState] = useState<'idle' | 'reading' | 'none'>('idle');
  const fileInput = useRef<HTMLInputElement>(null);
  const bundle = door.record?.bundle ?? null;
  const title = bundle?.title;

  // What a scan needs is loaded while there is network: a door that loses it before its first scan still reads and checks tickets.
  useEffect(() => {
    void import('@noble/ed25519').catch(() => undefined);
    void import('jsqr').catch(() => undefined);
  }, []);

  useEffect(() => {
    document.title = `${t('doorTitle')}${title ? ` · ${title}` : ''} · Évènements Cameroun`;
  }, [t, title]);

  const entranceError = entrance.trim().length > ENTRANCE_MAX ? t('entranceTooLong') : undefined;
  const changeEntrance = (value: string) => {
    setEntrance(value);
    try {
      window.localStorage.setItem(ENTRANCE_KEY, value);
    } catch {
      // private mode: kept for this visit
    }
  };

  const scan = async (text: string) => {
    const made = await door.scan(text, entranceError ? '' : entrance);
    if (!made) return;
    setLastScanId(made.scanId);
    navigator.vibrate?.(verdictOf(made, language).vibration);
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoState('reading');
    const text = await decodeQrFile(file).catch(() => null);
    if (!text) {
      setPhotoState('none');
      return;
    }
    setPhotoState('idle');
    await scan(text);
  };

  const scans = door.record?.scans ?? [];
  const last = scans.find((made) => made.scanId === lastScanId) ?? null;
  const admitted = useMemo(() => (bundle ? admissions(bundle, scans) : new Map<string, string>()), [bundle, scans]);
  const counts = bundle ? doorCounts(bundle, scans, door.record?.counts ?? null) : null;
  const recent = scans.slice(-10).reverse();

  const back = bundle?.isOrganiser === false ? paths.account : paths.organiser.event(eventId);
  // The organiser's door is under 'Mes évènements'; a door helper's under none of their tabs.
  useAccountSection(bundle ? (bundle.isOrganiser ? 'myEvents' : null) : undefined);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
        ← {bundle?.isOrganiser === false ? t('backToAccount') : t('backToEvent')}
      </Link>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t('doorTitle')}</h1>
        {bundle ? (
          <p className="text-slate-700">
            <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{bundle.title}</span> ·{' '}
            {formatLongDateTime(bundle.startDateTime)}
          </p>
        ) : null}
      </header>

      {door.status === 'loading' ? (
        <ListLoading label={t('doorLoading')} rows={4} />
      ) : door.status === 'notFound' ? (
        <div role="alert" className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">{t('doorNotFound')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('doorNotFoundHint')}</p>
        </div>
      ) : door.status === 'needsNetwork' ? (
        <Alert tone="info">{t('doorFirstOnline')}</Alert>
      ) : door.status === 'error' || !bundle || !counts ? (
        <ListError
          title={t('doorLoadError')}
          message={door.loadError ?? ''}
          retryLabel={t('retry')}
          onRetry={() => void door.refresh()}
        />
      ) : (
        <>
          <section aria-label={t('counts', { admitted: counts.admitted, registered: counts.registered })}>
            <div className="grid grid-cols-2 gap-3">
              <p className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
                <span className="block text-3xl font-bold text-slate-900" data-count="admitted">
                  {formatNumber(counts.admitted)}
                </span>
                <span className="text-sm font-medium text-slate-700">{t('admitted')}</span>
              </p>
              <p className="rounded-2xl border border-slate-200 bg-white p-4 text-center">
                <span className="block text-3xl font-bold text-slate-900" data-count="registered">
                  {formatNumber(counts.registered)}
                </span>
                <span className="text-sm font-medium text-slate-700">{t('registered')}</span>
              </p>
            </div>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="text-slate-700" data-waiting={door.waiting}>
                {door.waiting > 0 ? t('waiting', { count: door.waiting }) : t('allSent')}
                <span className="text-slate-600">
                  {' '}
                  · {t('listDate', { date: formatDate(bundle.generatedAt, { dateStyle: 'short', timeStyle: 'short' }) })}
                </span>
              </p>
              {door.waiting > 0 && door.online ? (
                <Button size="sm" variant="secondary" disabled={door.sending} onClick={() => void door.sync()}>
                  {door.sending ? t('sending') : t('sendNow')}
                </Button>
              ) : null}
            </div>
            {door.sendError && door.waiting > 0 ? (
              <Alert className="mt-2">{t('sendError', { message: door.sendError })}</Alert>
            ) : null}
          </section>

          <section aria-labelledby="door-scan-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
            <h2 id="door-scan-title" className="text-lg font-semibold text-slate-900">
              {t('scan')}
            </h2>
            <CameraScanner onRead={(text) => void scan(text)}>
              <input
                ref={fileInput}
                id="door-photo"
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(event) => void onPhoto(event)}
                aria-describedby={photoState === 'none' ? 'door-photo-error' : undefined}
              />
              <label
                htmlFor="door-photo"
                className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700"
              >
                {t('importPhoto')}
              </label>
            </CameraScanner>
            {photoState === 'reading' ? <p className="text-sm text-slate-700">{t('readingPhoto')}</p> : null}
            {photoState === 'none' ? (
              <p id="door-photo-error" role="alert" className="text-sm text-red-700">
                {t('noQrInPhoto')}
              </p>
            ) : null}
            <ScanResult scan={last} />
          </section>

          <ManualSearch bundle={bundle} admitted={admitted} onTick={(ticketId) => void scan(ticketId)} />

          <section aria-labelledby="door-history-title" className="rounded-2xl border border-slate-200 bg-white p-4">
            <h2 id="door-history-title" className="mb-2 text-lg font-semibold text-slate-900">
              {t('history')}
            </h2>
            {recent.length === 0 ? (
              <p className="text-sm text-slate-700">{t('historyEmpty')}</p>
            ) : (
              <ul className="divide-y divide-slate-200" aria-label={t('history')}>
                {recent.map((made) => (
                  <li
                    key={made.scanId}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                    data-scan={made.scanId}
                  >
                    <span className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
                      {made.name ?? made.server?.name ?? '—'}
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="text-slate-600">{timeOf(made.scannedAt)}</span>
                      <span className="font-semibold text-slate-900">{verdictOf(made, language).text}</span>
                      {verdictOf(made, language).detail ? (
                        <span className="text-slate-700">({verdictOf(made, language).detail})</span>
                      ) : null}
                      {made.server === null ? <span className="text-amber-900">· {t('pending')}</span> : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <Field id="door-entrance" label={t('entrance')} hint={t('entranceHint')} error={entranceError}>
              <input
                id="door-entrance"
                value={entrance}
                onChange={(event) => changeEntrance(event.target.value)}
                autoComplete="off"
                maxLength={ENTRANCE_MAX + 20}
                className={inputClass}
                {...describedBy('door-entrance', entranceError, true)}
              />
            </Field>
          </div>

          {bundle.isOrganiser ? <DoorHelpers eventId={eventId} /> : null}
        </>
      )}
    </div>
  );
}
