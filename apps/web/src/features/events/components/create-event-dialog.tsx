import {
  EVENT_DEFAULTS,
  EVENT_IMAGES_MAX,
  EVENT_TAGS_MAX,
  type EventDetail,
  type EventFormInput,
  type EventFormValues,
  eventFormSchema,
  formToEventInput,
} from '@app/shared/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCreateEvent } from '../api/create-event';
import { eventsMessages } from '../messages';
import { describedBy, Field, inputClass, CategoryOptions } from './form-controls';
import { checkImageFiles } from '../lib/image-files';

const EMPTY: EventFormInput = {
  title: '',
  description: '',
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  address: '',
  city: '',
  category: '' as EventFormInput['category'],
  tags: [],
  ticketTypes: [{ ...EVENT_DEFAULTS.ticketType }],
  maxParticipants: EVENT_DEFAULTS.maxParticipants,
  isPublic: EVENT_DEFAULTS.isPublic,
  isHighlighted: EVENT_DEFAULTS.isHighlighted,
};

/** Server field paths → form field names (location.* and *DateTime differ). */
function formFieldOf(path: string): FieldPath<EventFormInput> | null {
  if (path === 'location.address') return 'address';
  if (path === 'location.city') return 'city';
  if (path === 'startDateTime') return 'startDate';
  if (path === 'endDateTime') return 'endTime';
  if (/^(title|description|category|maxParticipants|tags)$/.test(path)) return path as FieldPath<EventFormInput>;
  if (/^ticketTypes\.\d+\.(name|price|quantity|description)$/.test(path)) return path as FieldPath<EventFormInput>;
  return null;
}

interface PickedImage {
  file: File;
  url: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <legend className="float-left mb-2 w-full text-base font-semibold text-slate-900">{title}</legend>
      <div className="clear-left space-y-3">{children}</div>
    </fieldset>
  );
}

interface CreateEventDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (event: EventDetail) => void;
}

/** Spec §2 and §5: 'Créer un nouvel événement' in seven sections; errors in a red box, the dialog stays open. */
export function CreateEventDialog({ open, onClose, onCreated }: CreateEventDialogProps) {
  const t = useT(eventsMessages);
  const formId = useId();
  const create = useCreateEvent();
  const [tagInput, setTagInput] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: localizeResolver(zodResolver(eventFormSchema)),
    defaultValues: EMPTY,
  });
  const tickets = useFieldArray({ control, name: 'ticketTypes' });
  const tags = watch('tags');

  // Previews are object URLs: released when removed, replaced or when the dialog closes.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const image of imagesRef.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  const clear = () => {
    reset(EMPTY);
    setTagInput('');
    for (const image of images) URL.revokeObjectURL(image.url);
    setImages([]);
    setImageError(null);
    create.reset();
  };

  const close = () => {
    if (create.isPending) return;
    clear();
    onClose();
  };

  const addTag = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const tag = tagInput.trim();
    if (!tag || tags.includes(tag) || tags.length >= EVENT_TAGS_MAX) {
      if (!tag || tags.includes(tag)) setTagInput('');
      return;
    }
    setValue('tags', [...tags, tag]);
    setTagInput('');
  };

  const pickImages = (files: FileList | null) => {
    if (!files) return;
    const { accepted, problems } = checkImageFiles(Array.from(files), EVENT_IMAGES_MAX - images.length, {
      notImage: (name) => t('imagesNotImage', { name }),
      tooBig: (name) => t('imagesTooBig', { name }),
      tooMany: t('imagesTooMany'),
    });
    setImages([...images, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    setImageError(problems.length ? problems.join(' · ') : null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const removeImage = (index: number) => {
    const image = images[index];
    if (image) URL.revokeObjectURL(image.url);
    setImages(images.filter((_, i) => i !== index));
  };

  const submit = handleSubmit((values) => {
    create.mutate(
      { event: formToEventInput(values), images: images.map((image) => image.file) },
      {
        onSuccess: (data) => {
          toast.success(t('createdToast'));
          clear();
          onCreated(data.event);
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
              const field = formFieldOf(path);
              if (field && messages[0]) setError(field, { message: messages[0] });
            }
          }
        },
      },
    );
  });

  const message = (name: FieldPath<EventFormInput>): string | undefined => {
    const parts = name.split('.');
    let node: unknown = errors;
    for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };

  const input = (name: FieldPath<EventFormInput>, label: string, type = 'text', extra: object = {}) => {
    const id = `${formId}-${name}`;
    const error = message(name);
    return (
      <Field id={id} label={label} error={error}>
        <input id={id} type={type} className={inputClass} {...describedBy(id, error)} {...register(name)} {...extra} />
      </Field>
    );
  };

  const hasFieldErrors = isSubmitted && Object.keys(errors).length > 0;
  const serverError = create.error?.message;
  // A refusal from the server is brought into view and takes the focus (a red border alone goes unseen).
  const errorRef = useRef<HTMLDivElement>(null);
  const failedAt = create.isError ? create.failureCount + create.submittedAt : 0;
  useEffect(() => {
    if (!failedAt || !errorRef.current) return;
    errorRef.current.scrollIntoView({ block: 'nearest' });
    errorRef.current.focus({ preventScroll: true });
  }, [failedAt]);

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('dialogTitle')}
      size="max-w-2xl"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            {t('cancelEdit')}
          </Button>
          <Button type="submit" form={formId} disabled={create.isPending}>
            {create.isPending ? t('submitting') : t('submit')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        {serverError || hasFieldErrors ? (
          <div
            ref={errorRef}
            tabIndex={-1}
            className="scroll-mt-4 rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-red-700"
          >
            <Alert>
              {serverError ?? t('fixErrors')}
              {serverError && hasFieldErrors ? ` ${t('fixErrors')}` : null}
            </Alert>
          </div>
        ) : null}

        <Section title={t('sectionBasic')}>
          {input('title', t('fieldTitle'), 'text', { maxLength: 200 })}
          <Field id={`${formId}-description`} label={t('fieldDescription')} error={message('description')}>
            <textarea
              id={`${formId}-description`}
              rows={4}
              className={inputClass}
              {...describedBy(`${formId}-description`, message('description'))}
              {...register('description')}
            />
          </Field>
        </Section>

        <Section title={t('sectionDate')}>
          <div className="grid gap-3 sm:grid-cols-2">
            {input('startDate', t('fieldStartDate'), 'date')}
            {input('startTime', t('fieldStartTime'), 'time')}
            {input('endDate', t('fieldEndDate'), 'date')}
            {input('endTime', t('fieldEndTime'), 'time')}
          </div>
        </Section>

        <Section title={t('sectionLocation')}>
          <div className="grid gap-3 sm:grid-cols-2">
            {input('address', t('fieldAddress'))}
            {input('city', t('fieldCity'))}
          </div>
        </Section>

        <Section title={t('sectionCategory')}>
          <Field id={`${formId}-category`} label={t('fieldCategory')} error={message('category')}>
            <select
              id={`${formId}-category`}
              className={inputClass}
              {...describedBy(`${formId}-category`, message('category'))}
              {...register('category')}
            >
              <option value="">{t('chooseCategory')}</option>
              <CategoryOptions />
            </select>
          </Field>
          <Field id={`${formId}-tags`} label={t('fieldTags')} hint={t('tagsHint')} error={message('tags')}>
            <input
              id={`${formId}-tags`}
              type="text"
              value={tagInput}
              maxLength={50}
              onChange={(event) => setTagInput(event.target.value)}
              onKeyDown={addTag}
              placeholder={t('tagsPlaceholder')}
              className={inputClass}
              {...describedBy(`${formId}-tags`, message('tags'), true)}
            />
          </Field>
          {tags.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label={t('tagsAdded')}>
              {tags.map((tag) => (
                <li
                  key={tag}
                  className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-sm text-brand-800"
                >
                  {tag}
                  <button
                    type="button"
                    onClick={() =>
                      setValue(
                        'tags',
                        tags.filter((other) => other !== tag),
                      )
                    }
                    aria-label={t('removeTag', { tag })}
                    className="rounded-full px-1.5 leading-none hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-700"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </Section>

        <Section title={t('sectionTickets')}>
          <ol className="space-y-3">
            {tickets.fields.map((field, index) => (
              <li key={field.id} className="rounded-lg border border-slate-200 p-3">
                <div className="mb-2 flex items-center justify-between">
                  <span className="text-sm font-semibold text-slate-700">{t('ticketLabel', { n: index + 1 })}</span>
                  {index > 0 ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => tickets.remove(index)}
                      aria-label={t('removeTicket', { n: index + 1 })}
                    >
                      ×
                    </Button>
                  ) : null}
                </div>
                <div className="grid gap-3 sm:grid-cols-3">
                  {input(`ticketTypes.${index}.name`, t('ticketName'))}
                  {input(`ticketTypes.${index}.price`, t('ticketPrice'), 'number', { min: 0, step: 1, inputMode: 'numeric' })}
                  {input(`ticketTypes.${index}.quantity`, t('ticketQuantity'), 'number', {
                    min: 1,
                    step: 1,
                    inputMode: 'numeric',
                  })}
                </div>
                <div className="mt-3">{input(`ticketTypes.${index}.description`, t('ticketDescription'))}</div>
              </li>
            ))}
          </ol>
          <Button variant="secondary" size="sm" onClick={() => tickets.append({ ...EVENT_DEFAULTS.addedTicketType })}>
            + {t('addTicket')}
          </Button>
        </Section>

        <Section title={t('sectionImages')}>
          <div>
            <input
              ref={fileInput}
              id={`${formId}-images`}
              type="file"
              accept="image/*"
              multiple
              aria-describedby={`${formId}-images-hint`}
              onChange={(event) => pickImages(event.target.files)}
              className="peer sr-only"
            />
            <label
              htmlFor={`${formId}-images`}
              className="flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center peer-focus-visible:border-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 hover:border-brand-600"
            >
              <span className="font-medium text-brand-700">{t('imagesChoose')}</span>
              <span id={`${formId}-images-hint`} className="text-xs text-slate-600">
                {t('imagesHint')}
              </span>
            </label>
          </div>
          {imageError ? <p className="text-sm text-red-700">{imageError}</p> : null}
          {images.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t('imagesPicked')}>
              {images.map((image, index) => (
                <li key={image.url} className="relative">
                  <img src={image.url} alt={image.file.name} className="aspect-square w-full rounded-lg object-cover" />
                  <button
                    type="button"
                    onClick={() => removeImage(index)}
                    aria-label={t('removeImage', { name: image.file.name })}
                    className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </Section>

        <Section title={t('sectionOptions')}>
          {input('maxParticipants', t('fieldMaxParticipants'), 'number', { min: 1, step: 1, inputMode: 'numeric' })}
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" {...register('isPublic')} />
            {t('fieldPublic')}
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" {...register('isHighlighted')} />
            {t('fieldHighlighted')}
          </label>
        </Section>
      </form>
    </Dialog>
  );
}
