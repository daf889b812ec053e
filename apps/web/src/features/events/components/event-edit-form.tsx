import {
  type EventDetail,
  type EventFormInput,
  type EventFormValues,
  eventFormSchema,
  formToEventInput,
  type UpdateEventInput,
} from '@app/shared/events';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { describedBy, Field } from '../../../components/ui/form/field';
import { inputClass } from '../../../components/ui/form/input-style';
import { useT } from '../../../lib/i18n';
import { eventToFormValues } from '../../../lib/event-form-values';
import { eventsMessages } from '../messages';
import { CategoryOptions } from './form-controls';

interface EventEditFormProps {
  event: EventDetail;
  pending: boolean;
  error: string | null;
  onSave: (changes: UpdateEventInput) => void;
  /** 'Annuler': leaves edit mode; the next edit starts again from the stored values. */
  onCancel: () => void;
}

/** The detail panel's edit mode: the fields of the event itself (tags and tickets stay as they are). */
export function EventEditForm({ event, pending, error, onSave, onCancel }: EventEditFormProps) {
  const t = useT(eventsMessages);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<EventFormInput, unknown, EventFormValues>({
    resolver: localizeResolver(zodResolver(eventFormSchema)),
    defaultValues: eventToFormValues(event),
  });

  const submit = handleSubmit((values) => {
    const { tags: _tags, ticketTypes: _tickets, ...changes } = formToEventInput(values);
    onSave({ ...changes, location: { ...changes.location, country: event.location.country } });
  });

  const cancel = () => {
    reset(eventToFormValues(event));
    onCancel();
  };

  const text = (name: keyof EventFormInput, label: string, type = 'text', extra: object = {}) => {
    const id = `edit-${name}`;
    const message = errors[name]?.message as string | undefined;
    return (
      <Field id={id} label={label} error={message}>
        <input id={id} type={type} className={inputClass} {...describedBy(id, message)} {...register(name)} {...extra} />
      </Field>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('edit')}>
      {error ? <Alert>{error}</Alert> : null}
      {text('title', t('fieldTitle'))}
      <Field id="edit-description" label={t('fieldDescription')} error={errors.description?.message}>
        <textarea
          id="edit-description"
          rows={4}
          className={inputClass}
          {...describedBy('edit-description', errors.description?.message)}
          {...register('description')}
        />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        {text('startDate', t('fieldStartDate'), 'date')}
        {text('startTime', t('fieldStartTime'), 'time')}
        {text('endDate', t('fieldEndDate'), 'date')}
        {text('endTime', t('fieldEndTime'), 'time')}
      </div>
      {text('address', t('fieldAddress'))}
      {text('city', t('fieldCity'))}
      <Field id="edit-category" label={t('fieldCategory')} error={errors.category?.message}>
        <select
          id="edit-category"
          className={inputClass}
          {...describedBy('edit-category', errors.category?.message)}
          {...register('category')}
        >
          <option value="">{t('chooseCategory')}</option>
          <CategoryOptions />
        </select>
      </Field>
      {text('maxParticipants', t('fieldMaxParticipants'), 'number', { min: 1, inputMode: 'numeric' })}
      <div className="flex flex-col gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4" {...register('isPublic')} />
          {t('fieldPublic')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="size-4" {...register('isHighlighted')} />
          {t('fieldHighlighted')}
        </label>
      </div>
      <div className="flex flex-wrap gap-2 pt-2">
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : t('save')}
        </Button>
        <Button variant="secondary" onClick={cancel} disabled={pending}>
          {t('cancelEdit')}
        </Button>
      </div>
    </form>
  );
}
