import {
  EVENT_DEFAULTS,
  type EventDetail,
  type EventFormInput,
  type EventFormValues,
  eventFormSchema,
  formToEventInput,
} from '@app/shared/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useId } from 'react';
import { EVENT_DATE_FIELDS } from '../../../lib/event-field-messages';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { Dialog } from '../../../components/ui/dialog';
import { errorAt } from '../../../components/ui/form/error-at';
import { describedBy, Field } from '../../../components/ui/form/field';
import { FormActions } from '../../../components/ui/form/form-actions';
import { Input, Select, Textarea } from '../../../components/ui/form/controls';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { TagsField } from '../../../components/ui/form/tags-field';
import { useTagInput } from '../../../components/ui/form/use-tag-input';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { useCreateEvent } from '../api/create-event';
import { usePickedImages } from '../hooks/use-picked-images';
import { EMPTY_EVENT_FORM, eventFieldOf } from '../../../lib/event-form-values';
import { eventsMessages } from '../messages';
import { Checkbox, ErrorBanner, Section } from './create-event-sections';
import { ImagePicker } from './image-picker';
import { TicketList } from './ticket-list';
import { CategoryOptions } from './form-controls';

/** A number box for whole numbers (price in francs CFA, quantities). */
const WHOLE_NUMBER = { step: 1, inputMode: 'numeric' } as const;

interface CreateEventDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (event: EventDetail) => void;
}

/** 'Créer un nouvel événement' in seven sections; errors in a red box, the dialog stays open. */
export function CreateEventDialog({ open, onClose, onCreated }: CreateEventDialogProps) {
  const t = useT(eventsMessages);
  const formId = useId();
  const create = useCreateEvent();
  const images = usePickedImages();
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
    defaultValues: EMPTY_EVENT_FORM,
  });
  const tickets = useFieldArray({ control, name: 'ticketTypes' });
  const tags = watch('tags');
  const tagInput = useTagInput(tags, (next) => setValue('tags', next));

  const clear = () => {
    reset(EMPTY_EVENT_FORM);
    tagInput.clear();
    images.clear();
    create.reset();
  };

  const close = () => {
    if (create.isPending) return;
    clear();
    onClose();
  };

  const submit = handleSubmit((values) => {
    create.mutate(
      { event: formToEventInput(values), images: images.images.map((image) => image.file) },
      {
        onSuccess: (data) => {
          toast.success(t('createdToast'));
          clear();
          onCreated(data.event);
        },
        onError: (error) => applyServerErrors({ setError }, error, eventFieldOf),
      },
    );
  });

  const message = (name: FieldPath<EventFormInput>) => errorAt(errors, name);

  const idOf = (name: FieldPath<EventFormInput>) => `${formId}-${name}`;
  /** The id and aria attributes of a field's control. */
  const aria = (name: FieldPath<EventFormInput>) => ({ id: idOf(name), ...describedBy(idOf(name), message(name)) });
  const input = (name: FieldPath<EventFormInput>, label: string, type = 'text', extra: object = {}) => (
    <Field id={idOf(name)} label={label} error={message(name)}>
      <Input type={type} {...aria(name)} {...register(name)} {...extra} />
    </Field>
  );

  const hasFieldErrors = isSubmitted && Object.keys(errors).length > 0;
  const serverError = create.error?.message;
  const failedAt = create.isError ? create.failureCount + create.submittedAt : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('dialogTitle')}
      size="max-w-2xl"
      footer={
        <FormActions
          formId={formId}
          pending={create.isPending}
          onCancel={close}
          cancelLabel={t('cancelEdit')}
          submitLabel={t('submit')}
          pendingLabel={t('submitting')}
        />
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-5">
        {serverError || hasFieldErrors ? (
          <ErrorBanner failedAt={failedAt}>
            {serverError ?? t('fixErrors')}
            {serverError && hasFieldErrors ? ` ${t('fixErrors')}` : null}
          </ErrorBanner>
        ) : null}

        <Section title={t('sectionBasic')}>
          {input('title', t('fieldTitle'), 'text', { maxLength: 200 })}
          <Field id={idOf('description')} label={t('fieldDescription')} error={message('description')}>
            <Textarea rows={4} {...aria('description')} {...register('description')} />
          </Field>
        </Section>

        <Section title={t('sectionDate')}>
          <div className="grid gap-3 sm:grid-cols-2">
            {EVENT_DATE_FIELDS.map(([name, label, type]) => (
              <Fragment key={name}>{input(name, t(label), type)}</Fragment>
            ))}
          </div>
        </Section>

        <Section title={t('sectionLocation')}>
          <div className="grid gap-3 sm:grid-cols-2">
            {input('address', t('fieldAddress'))}
            {input('city', t('fieldCity'))}
          </div>
        </Section>

        <Section title={t('sectionCategory')}>
          <Field id={idOf('category')} label={t('fieldCategory')} error={message('category')}>
            <Select {...aria('category')} {...register('category')}>
              <option value="">{t('chooseCategory')}</option>
              <CategoryOptions />
            </Select>
          </Field>
          <TagsField id={idOf('tags')} tags={tags} error={message('tags')} typing={tagInput} />
        </Section>

        <Section title={t('sectionTickets')}>
          <TicketList
            ids={tickets.fields}
            renderFields={(index) => ({
              name: input(`ticketTypes.${index}.name`, t('ticketName')),
              price: input(`ticketTypes.${index}.price`, t('ticketPrice'), 'number', { min: 0, ...WHOLE_NUMBER }),
              quantity: input(`ticketTypes.${index}.quantity`, t('ticketQuantity'), 'number', { min: 1, ...WHOLE_NUMBER }),
              description: input(`ticketTypes.${index}.description`, t('ticketDescription')),
            })}
            onRemove={tickets.remove}
            onAdd={() => tickets.append({ ...EVENT_DEFAULTS.addedTicketType })}
          />
        </Section>

        <Section title={t('sectionImages')}>
          <ImagePicker id={`${formId}-images`} picked={images} />
        </Section>

        <Section title={t('sectionOptions')}>
          {input('maxParticipants', t('fieldMaxParticipants'), 'number', { min: 1, ...WHOLE_NUMBER })}
          <Checkbox label={t('fieldPublic')} {...register('isPublic')} />
          <Checkbox label={t('fieldHighlighted')} {...register('isHighlighted')} />
        </Section>
      </form>
    </Dialog>
  );
}
