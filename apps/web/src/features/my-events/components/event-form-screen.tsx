import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  EVENT_DEFAULTS,
  EVENT_IMAGES_MAX,
  type EventDetail,
  type EventFormInput,
  type EventFormValues,
  eventFormSchema,
  formToEventInput,
  shortAddressProblem,
} from '@app/shared/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { EVENT_DATE_FIELDS } from '../../../lib/event-field-messages';
import { type FieldErrors, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Input, Select, Textarea } from '../../../components/ui/form/controls';
import { errorAt } from '../../../components/ui/form/error-at';
import { describedBy, Field } from '../../../components/ui/form/field';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { TagsField } from '../../../components/ui/form/tags-field';
import { useTagInput } from '../../../components/ui/form/use-tag-input';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { EMPTY_EVENT_FORM, eventFieldOf, eventToFormValues } from '../../../lib/event-form-values';
import { localizeResolver } from '../../../lib/form-resolver';
import { localize, useLanguage, useT } from '../../../lib/i18n';
import { resizeImage } from '../../../lib/resize-image';
import { useCustomisationAccess } from '../api/customisation';
import { createDraft, removeImage, updateDraft, uploadImages, useRefreshMyEvents } from '../api/save-event';
import { CustomisationSection, type CustomisationValues } from './customisation-section';
import { myEventsMessages } from '../messages';

/** The phone's steps, in order; on a desktop (≥ 1024 px) they are the sections of one form. */
const STEPS = ['info', 'date', 'place', 'tickets', 'images', 'options'] as const;
type Step = (typeof STEPS)[number];
const STEP_FIELDS: Record<Step, string[]> = {
  info: ['title', 'description', 'category', 'tags'],
  date: ['startDate', 'startTime', 'endDate', 'endTime'],
  place: ['address', 'city'],
  tickets: ['ticketTypes', 'maxParticipants'],
  images: [],
  options: ['isPublic'],
};
const WHOLE_NUMBER = { step: 1, inputMode: 'numeric' } as const;

/** Server field paths → this form's fields (a tag's own path, `tags.2`, is the tags field's). */
function fieldOf(path: string): FieldPath<EventFormInput> | null {
  return eventFieldOf(path.startsWith('tags.') ? 'tags' : path);
}

function stepOfField(name: string): Step {
  const root = name.split('.')[0] ?? name;
  return STEPS.find((step) => STEP_FIELDS[step].includes(root)) ?? 'info';
}

interface Picked {
  file: File;
  url: string;
}

type Position = { latitude: number; longitude: number } | null;

/**
 * Create or edit an event (issue 27 item 2): short steps on a phone, one form on a desktop, the
 * back office's rules (the shared `eventFormSchema`), photos resized before they are sent with the
 * upload's progress, 'Utiliser ma position', and 'Enregistrer le brouillon' at every step.
 */
export function EventFormScreen({ event }: { event?: EventDetail }) {
  const t = useT(myEventsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const refresh = useRefreshMyEvents();
  const formId = useId();
  const [step, setStep] = useState<Step>('info');
  const [eventId, setEventId] = useState<string | undefined>(event?._id);
  const [existing, setExisting] = useState(event?.images ?? []);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [position, setPosition] = useState<Position>(event?.location.coordinates ?? null);
  const [locating, setLocating] = useState(false);
  const [positionProblem, setPositionProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const access = useCustomisationAccess();
  const allowed = access.data?.allowed === true;
  const [custom, setCustom] = useState<CustomisationValues>({
    accentColor: event?.customisation.accentColor ?? null,
    coverLayout: event?.customisation.coverLayout ?? null,
    shortAddress: event?.customisation.shortAddress ?? '',
  });
  const [shortAddressError, setShortAddressError] = useState<string | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const pickedRef = useRef(picked);
  pickedRef.current = picked;
  useEffect(
    () => () => {
      for (const image of pickedRef.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
    trigger,
  } = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: localizeResolver(zodResolver(eventFormSchema)),
    defaultValues: event ? eventToFormValues(event) : EMPTY_EVENT_FORM,
  });
  const tickets = useFieldArray({ control, name: 'ticketTypes' });
  const tags = watch('tags');
  const tagInput = useTagInput(tags, (next) => setValue('tags', next, { shouldDirty: true, shouldValidate: isSubmitted }));

  const message = (name: FieldPath<EventFormInput>) => errorAt(errors, name);
  const idOf = (name: string) => `${formId}-${name.replace(/\./g, '-')}`;
  const input = (name: FieldPath<EventFormInput>, label: string, type = 'text', extra: object = {}) => (
    <Field id={idOf(name)} label={label} error={message(name)}>
      <Input type={type} id={idOf(name)} {...describedBy(idOf(name), message(name))} {...register(name)} {...extra} />
    </Field>
  );

  const index = STEPS.indexOf(step);
  const goTo = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };
  const onNext = async () => {
    const valid = await trigger(STEP_FIELDS[step] as FieldPath<EventFormInput>[]);
    const next = STEPS[index + 1];
    if (valid && next) goTo(next);
  };

  const onPick = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const room = EVENT_IMAGES_MAX - existing.length - picked.length;
    const chosen = Array.from(files);
    const problems: string[] = [];
    const images = chosen.filter((file) => {
      if (file.type.startsWith('image/')) return true;
      problems.push(t('imageNotImage', { name: file.name }));
      return false;
    });
    if (images.length > room) problems.push(t('imagesTooMany'));
    setPreparing(true);
    const resized = await Promise.all(images.slice(0, Math.max(0, room)).map((file) => resizeImage(file)));
    setPreparing(false);
    setPicked((current) => [...current, ...resized.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    setImageProblem(problems.length ? problems.join(' · ') : null);
  };
  const onRemovePicked = (at: number) => {
    const image = picked[at];
    if (image) URL.revokeObjectURL(image.url);
    setPicked(picked.filter((_, i) => i !== at));
  };
  const onRemoveExisting = async (imageId: string) => {
    if (!eventId) return;
    try {
      const saved = await removeImage(eventId, imageId);
      setExisting(saved.event.images);
      void refresh();
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const onLocate = () => {
    setPositionProblem(null);
    if (!('geolocation' in navigator)) {
      setPositionProblem(t('positionUnsupported'));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setLocating(false);
        setPosition({
          latitude: Math.round(found.coords.latitude * 1e6) / 1e6,
          longitude: Math.round(found.coords.longitude * 1e6) / 1e6,
        });
      },
      (error) => {
        setLocating(false);
        setPositionProblem(error.code === error.PERMISSION_DENIED ? t('positionRefused') : t('positionFailed'));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const showBanner = () => {
    requestAnimationFrame(() => {
      bannerRef.current?.scrollIntoView({ block: 'nearest' });
      bannerRef.current?.focus({ preventScroll: true });
    });
  };

  const sendImages = async (id: string): Promise<boolean> => {
    if (picked.length === 0) return true;
    setProgress(0);
    try {
      const saved = await uploadImages(
        id,
        picked.map((image) => image.file),
        setProgress,
      );
      for (const image of picked) URL.revokeObjectURL(image.url);
      setPicked([]);
      setExisting(saved.event.images);
      setUploadError(null);
      return true;
    } catch (error) {
      setUploadError(t('uploadFailed', { message: (error as Error).message }));
      goTo('images');
      showBanner();
      return false;
    } finally {
      setProgress(null);
    }
  };

  /** Saved: on to the event's hub, where it is published and shared (decision 043). */
  const finish = (id: string) => {
    void refresh();
    toast.success(t('saved'));
    navigate(paths.organiser.event(id));
  };

  const onValid = async (values: EventFormValues) => {
    // The customisation is sent only by an account that may use it (premium, decision 056).
    const shortAddress = custom.shortAddress.trim().toLowerCase();
    const addressProblem = allowed && shortAddress ? shortAddressProblem(shortAddress) : null;
    if (addressProblem) {
      setServerError(localize(addressProblem, language));
      setStep('options');
      showBanner();
      return;
    }
    const customisation = allowed
      ? { accentColor: custom.accentColor, coverLayout: custom.coverLayout, shortAddress: shortAddress || null }
      : {};
    setSaving(true);
    setServerError(null);
    setShortAddressError(null);
    const body = { ...formToEventInput(values), ...customisation };
    const location = { ...body.location, coordinates: position };
    let id = eventId;
    try {
      if (id) {
        const { isHighlighted: _ignored, ...changes } = body;
        await updateDraft(id, { ...changes, location });
      } else {
        const saved = await createDraft({ ...body, isHighlighted: false, location });
        id = saved.event._id;
        setEventId(id);
      }
    } catch (error) {
      setSaving(false);
      const addressError = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors?.shortAddress?.[0];
      if (addressError) {
        setShortAddressError(addressError);
        setStep('options');
      }
      const onFields = applyServerErrors({ setError }, error, fieldOf);
      setServerError((error as Error).message);
      if (onFields && error && typeof error === 'object') {
        const first = Object.keys((error as { fieldErrors?: object }).fieldErrors ?? {})[0];
        const field = first ? fieldOf(first) : null;
        if (field) setStep(stepOfField(field));
      }
      showBanner();
      return;
    }
    const sent = await sendImages(id);
    setSaving(false);
    if (sent) finish(id);
  };
  const onInvalid = (found: FieldErrors<EventFormInput>) => {
    const first = STEPS.find((candidate) => STEP_FIELDS[candidate].some((name) => name in found));
    if (first) setStep(first);
    showBanner();
  };
  const submit = handleSubmit(onValid, onInvalid);

  const hasFieldErrors = isSubmitted && Object.keys(errors).length > 0;
  // 'Personnalisation' is its own section, shown on a phone with the last step ('Options').
  const section = (id: Step | 'custom', children: ReactNode) => (
    <fieldset
      className={`space-y-3 rounded-xl border border-slate-200 bg-white p-4 ${id === step || (id === 'custom' && step === 'options') ? '' : 'hidden lg:block'}`}
      aria-labelledby={`${formId}-legend-${id}`}
    >
      <legend id={`${formId}-legend-${id}`} className="float-left mb-2 w-full text-lg font-semibold text-slate-900">
        {t(`step_${id}`)}
      </legend>
      <div className="clear-left space-y-3">{children}</div>
    </fieldset>
  );

  // Its participants are told of a new date or place (decision 059): said where those are changed.
  // On a desktop both steps show at once: said once there.
  const toldOfChanges = (onDesktop: boolean) =>
    event?.status === 'published' && event.participantsCount > 0 ? (
      <p
        className={`rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ${onDesktop ? '' : 'lg:hidden'}`}
        data-testid="told-of-changes"
      >
        {event.participantsCount === 1 ? t('toldOfChangesOne') : t('toldOfChanges', { count: event.participantsCount })}
      </p>
    ) : null;

  return (
    <div className="mx-auto max-w-3xl">
      <Link to={paths.organiser.events} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        ← {t('backToList')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{event ? t('editTitle') : t('newTitle')}</h1>
      <p className="mt-3 text-sm font-medium text-slate-700 lg:hidden" aria-live="polite">
        {t('stepOf', { n: index + 1, count: STEPS.length })} · {t(`step_${step}`)}
      </p>
      <div className="mt-1 flex gap-1 lg:hidden" aria-hidden="true">
        {STEPS.map((id, at) => (
          <span key={id} className={`h-1.5 flex-1 rounded-full ${at <= index ? 'bg-brand-700' : 'bg-slate-200'}`} />
        ))}
      </div>

      <div ref={bannerRef} tabIndex={-1} className="mt-4 outline-none">
        {serverError || hasFieldErrors ? (
          <Alert>
            {serverError ?? t('fixErrors')}
            {serverError && hasFieldErrors ? ` ${t('fixErrors')}` : null}
          </Alert>
        ) : null}
        {uploadError ? (
          <Alert>
            <p>{uploadError}</p>
          </Alert>
        ) : null}
      </div>

      <form id={formId} onSubmit={submit} noValidate className="mt-4 space-y-4">
        {section(
          'info',
          <>
            {input('title', t('fieldTitle'), 'text', { maxLength: 200 })}
            <Field id={idOf('description')} label={t('fieldDescription')} error={message('description')}>
              <Textarea
                rows={4}
                id={idOf('description')}
                {...describedBy(idOf('description'), message('description'))}
                {...register('description')}
              />
            </Field>
            <Field id={idOf('category')} label={t('fieldCategory')} error={message('category')}>
              <Select id={idOf('category')} {...describedBy(idOf('category'), message('category'))} {...register('category')}>
                <option value="">{t('chooseCategory')}</option>
                {EVENT_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {localize(EVENT_CATEGORY_LABELS[category], language)}
                  </option>
                ))}
              </Select>
            </Field>
            <TagsField id={idOf('tags')} tags={tags} error={message('tags')} typing={tagInput} />
          </>,
        )}
        {section(
          'date',
          <>
            {toldOfChanges(true)}
            <div className="grid gap-3 sm:grid-cols-2">
              {EVENT_DATE_FIELDS.map(([name, label, type]) => (
                <Fragment key={name}>{input(name, t(label), type)}</Fragment>
              ))}
            </div>
          </>,
        )}
        {section(
          'place',
          <>
            {toldOfChanges(false)}
            {input('address', t('fieldAddress'), 'text', { autoComplete: 'street-address' })}
            {input('city', t('fieldCity'), 'text', { autoComplete: 'address-level2' })}
            <div className="flex flex-wrap items-center gap-2">
              <Button variant="secondary" size="sm" onClick={onLocate} disabled={locating}>
                {locating ? t('locating') : t('usePosition')}
              </Button>
              {position ? (
                <>
                  <span className="text-sm text-slate-700">
                    {t('positionSet', { lat: position.latitude.toFixed(5), lng: position.longitude.toFixed(5) })}
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => setPosition(null)}>
                    {t('removePosition')}
                  </Button>
                </>
              ) : null}
            </div>
            {positionProblem ? (
              <p role="alert" className="text-sm text-red-700">
                {positionProblem}
              </p>
            ) : null}
          </>,
        )}
        {section(
          'tickets',
          <>
            <ol className="space-y-3">
              {tickets.fields.map((field, at) => (
                <li key={field.id} className="rounded-lg border border-slate-200 p-3">
                  <div className="mb-2 flex items-center justify-between">
                    <span className="text-sm font-semibold text-slate-700">{t('ticketLabel', { n: at + 1 })}</span>
                    {at > 0 ? (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => tickets.remove(at)}
                        aria-label={t('removeTicket', { n: at + 1 })}
                      >
                        ×
                      </Button>
                    ) : null}
                  </div>
                  <div className="grid gap-3 sm:grid-cols-3">
                    {input(`ticketTypes.${at}.name`, t('ticketName'))}
                    {input(`ticketTypes.${at}.price`, t('ticketPrice'), 'number', { min: 0, ...WHOLE_NUMBER })}
                    {input(`ticketTypes.${at}.quantity`, t('ticketQuantity'), 'number', { min: 1, ...WHOLE_NUMBER })}
                  </div>
                  <div className="mt-3">{input(`ticketTypes.${at}.description`, t('ticketDescription'))}</div>
                </li>
              ))}
            </ol>
            <Button variant="secondary" size="sm" onClick={() => tickets.append({ ...EVENT_DEFAULTS.addedTicketType })}>
              + {t('addTicket')}
            </Button>
            {input('maxParticipants', t('fieldMaxParticipants'), 'number', { min: 1, ...WHOLE_NUMBER })}
          </>,
        )}
        {section(
          'images',
          <>
            <p id={`${formId}-images-hint`} className="text-sm text-slate-700">
              {t('imagesHint')}
            </p>
            <div className="flex flex-wrap gap-2">
              <label
                className={buttonClass('secondary', 'md', 'cursor-pointer focus-within:outline-2 focus-within:outline-brand-700')}
              >
                {t('imagesGallery')}
                <input
                  type="file"
                  accept="image/*"
                  multiple
                  className="sr-only"
                  aria-describedby={`${formId}-images-hint`}
                  onChange={(change) => {
                    void onPick(change.target.files);
                    change.target.value = '';
                  }}
                />
              </label>
              <label
                className={buttonClass('secondary', 'md', 'cursor-pointer focus-within:outline-2 focus-within:outline-brand-700')}
              >
                {t('imagesCamera')}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  className="sr-only"
                  onChange={(change) => {
                    void onPick(change.target.files);
                    change.target.value = '';
                  }}
                />
              </label>
            </div>
            {preparing ? (
              <p className="text-sm text-slate-700" aria-live="polite">
                {t('imagesPreparing')}
              </p>
            ) : null}
            {imageProblem ? <p className="text-sm text-red-700">{imageProblem}</p> : null}
            {existing.length + picked.length > 0 ? (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t('imagesPicked')}>
                {existing.map((image, at) => (
                  <li key={image._id} className="relative">
                    <img src={image.cardUrl} alt="" className="aspect-square w-full rounded-lg object-cover" />
                    <RemoveButton label={t('removeImage', { n: at + 1 })} onClick={() => onRemoveExisting(image._id)} />
                  </li>
                ))}
                {picked.map((image, at) => (
                  <li key={image.url} className="relative">
                    <img src={image.url} alt="" className="aspect-square w-full rounded-lg object-cover" />
                    <RemoveButton label={t('removeImage', { n: existing.length + at + 1 })} onClick={() => onRemovePicked(at)} />
                  </li>
                ))}
              </ul>
            ) : null}
            {progress !== null ? (
              <div>
                <p className="text-sm text-slate-700">{t('uploading', { percent: Math.round(progress * 100) })}</p>
                <progress className="w-full" max={100} value={Math.round(progress * 100)} aria-label={t('imagesPicked')} />
              </div>
            ) : null}
          </>,
        )}
        {section(
          'options',
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" {...register('isPublic')} />
            {t('fieldPublic')}
          </label>,
        )}
        {section(
          'custom',
          access.data ? (
            <CustomisationSection
              idPrefix={formId}
              allowed={allowed}
              eventId={eventId}
              values={custom}
              onChange={(next) => {
                setCustom(next);
                setShortAddressError(null);
              }}
              shortAddressError={shortAddressError}
              keptNotShown={Boolean(
                event &&
                  !event.customisation.shown &&
                  (event.customisation.accentColor || event.customisation.coverLayout || event.customisation.shortAddress),
              )}
            />
          ) : null,
        )}
      </form>

      <div className="mt-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            className="lg:hidden"
            disabled={index === 0}
            onClick={() => goTo(STEPS[index - 1] ?? 'info')}
          >
            {t('previous')}
          </Button>
          <Button type="submit" form={formId} variant={index === STEPS.length - 1 ? 'primary' : 'secondary'} disabled={saving}>
            {saving ? t('saving') : t('saveDraft')}
          </Button>
          {index < STEPS.length - 1 ? (
            <Button className="ml-auto lg:hidden" onClick={onNext}>
              {t('next')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white"
    >
      ×
    </button>
  );
}
