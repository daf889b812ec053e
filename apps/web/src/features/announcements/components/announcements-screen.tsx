import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_MAX,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementsResponse,
  createAnnouncementSchema,
} from '@app/shared/announcements';
import { doualaDateTime } from '@app/shared/douala-time';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input, Textarea } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { EventNotFound } from '../../../components/ui/event-not-found';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { MessageText } from '../../../components/ui/message-text';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { localizeResolver } from '../../../lib/form-resolver';
import { formatLongDateTime, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useListScreen } from '../../../lib/list-screen';
import { useAnnouncements, useCancelAnnouncement, useCreateAnnouncement } from '../api';
import { announcementsMessages } from '../messages';

type T = ReturnType<typeof useT<keyof (typeof announcementsMessages)['fr']>>;

/** The form: the API's text and recipients, and when — now, or a Douala date and time. */
const formSchema = z
  .object({
    text: createAnnouncementSchema.shape.text,
    audience: z.enum(ANNOUNCEMENT_AUDIENCES),
    when: z.enum(['now', 'later']),
    date: z.string(),
    time: z.string(),
  })
  .refine((value) => value.when === 'now' || (value.date !== '' && value.time !== ''), {
    message: announcementsMessages.fr.dateRequired,
    path: ['date'],
  });
type AnnouncementForm = z.infer<typeof formSchema>;
const EMPTY: AnnouncementForm = { text: '', audience: 'all', when: 'now', date: '', time: '' };

const STATE_TONES: Record<Announcement['state'], BadgeTone> = { sent: 'green', scheduled: 'blue', cancelled: 'gray' };

function AnnouncementFormCard({ eventId, data, t }: { eventId: string; data: AnnouncementsResponse; t: T }) {
  const formId = useId();
  const create = useCreateAnnouncement(eventId);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AnnouncementForm | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<AnnouncementForm>({ resolver: localizeResolver(zodResolver(formSchema)), defaultValues: EMPTY });
  const text = watch('text');
  const when = watch('when');
  const audience = watch('audience');
  const recipients = data.audienceCounts[audience];
  const capped = data.allowance.used >= data.allowance.perDay;
  const idOf = (name: string) => `${formId}-${name}`;

  const send = (values: AnnouncementForm) => {
    setServerError(null);
    create.mutate(
      {
        text: values.text,
        audience: values.audience,
        sendAt: values.when === 'later' ? new Date(doualaDateTime(values.date, values.time)).toISOString() : null,
      },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          reset(EMPTY);
          toast.success(answer.message);
        },
        onError: (error) => {
          setConfirming(null);
          const onForm = applyServerErrors({ setError }, error, (path) =>
            path === 'sendAt' ? 'date' : path === 'text' || path === 'audience' ? path : null,
          );
          if (!onForm) setServerError(error.message);
        },
      },
    );
  };
  // Sent at once, it cannot be taken back: confirmed first, with the number it reaches.
  const onValid = (values: AnnouncementForm) => (values.when === 'now' ? setConfirming(values) : send(values));

  return (
    <section aria-labelledby={idOf('title')} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={idOf('title')} className="text-lg font-semibold text-slate-900">
        {t('formTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      <form onSubmit={handleSubmit(onValid)} noValidate className="mt-4 space-y-4">
        {serverError ? <Alert>{serverError}</Alert> : null}
        {capped ? <Alert tone="info">{t('capped', { perDay: formatNumber(data.allowance.perDay) })}</Alert> : null}
        <Field
          id={idOf('text')}
          label={t('text')}
          error={errors.text?.message}
          required
          hint={
            <>
              <span>{t('textHint', { count: formatNumber(text.length), max: formatNumber(ANNOUNCEMENT_MAX) })}</span>
              {data.allowance.linksAllowed ? null : <span className="block">{t('noLinksHint')}</span>}
            </>
          }
        >
          <Textarea
            id={idOf('text')}
            rows={5}
            maxLength={ANNOUNCEMENT_MAX}
            aria-required
            {...describedBy(idOf('text'), errors.text?.message, true)}
            {...register('text')}
          />
        </Field>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('audience')}</legend>
          <div className="space-y-1">
            {ANNOUNCEMENT_AUDIENCES.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={value} className="size-4 accent-brand-700" {...register('audience')} />
                {t(`audience_${value}` as const, { count: formatNumber(data.audienceCounts[value as AnnouncementAudience]) })}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-slate-700">{t('when')}</legend>
          <div className="flex flex-wrap gap-x-6">
            {(['now', 'later'] as const).map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={value} className="size-4 accent-brand-700" {...register('when')} />
                {t(value)}
              </label>
            ))}
          </div>
          {when === 'later' ? (
            <div className="mt-2 grid gap-3 sm:grid-cols-2">
              <Field id={idOf('date')} label={t('date')} error={errors.date?.message} hint={t('timeZoneHint')}>
                <Input
                  id={idOf('date')}
                  type="date"
                  {...describedBy(idOf('date'), errors.date?.message, true)}
                  {...register('date')}
                />
              </Field>
              <Field id={idOf('time')} label={t('time')}>
                <Input id={idOf('time')} type="time" {...register('time')} />
              </Field>
            </div>
          ) : null}
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700" data-testid="announcement-allowance">
            {t('allowance', { used: formatNumber(data.allowance.used), perDay: formatNumber(data.allowance.perDay) })}
          </p>
          <Button type="submit" disabled={create.isPending || capped}>
            {create.isPending ? t('sending') : when === 'later' ? t('schedule') : t('sendNow')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirmTitle')}
        message={t('confirmMessage', { count: formatNumber(recipients) })}
        confirmLabel={t('confirmSend')}
        tone="primary"
        pending={create.isPending}
        onConfirm={() => confirming && send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

function AnnouncementItem({ item, t, onCancel }: { item: Announcement; t: T; onCancel: () => void }) {
  const date = formatLongDateTime(item.sentAt ?? item.sendAt);
  const line =
    item.state === 'sent'
      ? t('sentAt', { date, count: formatNumber(item.recipients ?? 0) })
      : item.state === 'scheduled'
        ? t('scheduledFor', { date })
        : t('cancelledOn', { date });
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" data-announcement={item._id}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATE_TONES[item.state]}>{t(`state_${item.state}`)}</Badge>
        <span className="text-xs text-slate-700">{t('to', { audience: t(`to_${item.audience}`) })}</span>
      </div>
      <div className="mt-2 text-slate-800">
        <MessageText text={item.text} linkClassName="font-medium text-brand-700 underline" />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-700">{line}</p>
        {item.state === 'scheduled' ? (
          <Button variant="secondary" size="sm" onClick={onCancel}>
            {t('cancelSend')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * /mon-compte/evenements/:id/annonces (issue 29, decision 067): the organiser writes to the
 * event's participants — all, admitted at the door, not admitted yet — now or at a chosen time,
 * and sees what was sent and what is scheduled ('Annuler l’envoi').
 */
export function AnnouncementsScreen({ eventId }: { eventId: string }) {
  const t = useT(announcementsMessages);
  const { page } = useListScreen();
  const list = useAnnouncements(eventId, page);
  const cancel = useCancelAnnouncement(eventId);
  const [cancelling, setCancelling] = useState<Announcement | null>(null);
  const title = list.data?.event.title;
  const missing = list.error instanceof ApiRequestError && list.error.status === 404;

  useEffect(() => {
    document.title = `${t('title')}${title ? ` · ${title}` : ''} · Évènements Cameroun`;
  }, [t, title]);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling._id, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setCancelling(null);
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
        {title && !missing ? <p className="text-slate-700 [overflow-wrap:anywhere]">{title}</p> : null}
      </header>
      {missing ? (
        <EventNotFound title={t('notFound')} hint={t('notFoundHint')} linkLabel={t('myEvents')} />
      ) : list.isPending ? (
        <ListLoading label={t('loading')} rows={3} />
      ) : list.isError ? (
        <ListError
          title={t('loadError')}
          message={list.error.message}
          retryLabel={t('retry')}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          {list.data.event.cancelled ? (
            <Alert tone="info">{t('cancelledEvent')}</Alert>
          ) : (
            <AnnouncementFormCard eventId={eventId} data={list.data} t={t} />
          )}
          <section aria-labelledby="announcements-list-title" className="space-y-3">
            <h2 id="announcements-list-title" className="text-lg font-semibold text-slate-900">
              {t('listTitle')}
            </h2>
            {list.data.items.length === 0 ? (
              <ListEmpty title={t('empty')} />
            ) : (
              <ul aria-label={t('listLabel')} aria-busy={list.isPlaceholderData} className="space-y-3">
                {list.data.items.map((item) => (
                  <AnnouncementItem
                    key={item._id}
                    item={item}
                    t={t}
                    onCancel={() => {
                      cancel.reset();
                      setCancelling(item);
                    }}
                  />
                ))}
              </ul>
            )}
            <PrevNextPager
              label={t('pagination')}
              page={page}
              hasMore={list.data.hasMore}
              hrefOf={(to) => `?page=${to}`}
              previousLabel={t('newer')}
              nextLabel={t('more')}
              pageLabel={String(page)}
            />
          </section>
        </>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('cancelTitle')}
        message={t('cancelConfirm')}
        confirmLabel={t('cancelSend')}
        pending={cancel.isPending}
        error={cancel.error?.message ?? null}
        onConfirm={confirmCancel}
        onCancel={() => setCancelling(null)}
      />
    </div>
  );
}
