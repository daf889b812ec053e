import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { type Settings, type SettingsInput, settingsInputSchema } from '@app/shared/settings';
import { useEffect, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorAt } from '../../../components/ui/form/error-at';
import { inputClass } from '../../../components/ui/form/input-style';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { useSaveSettings, useSettings } from '../api/settings';
import { settingsMessages } from '../messages';
import { FieldMessage, Section, TextField } from './settings-fields';

/** The success banner disappears after 3 s. */
const SAVED_BANNER_MS = 3000;

type Key = keyof (typeof settingsMessages)['fr'];
type Path = FieldPath<SettingsInput>;

export function SettingsForm() {
  const t = useT(settingsMessages);
  const settings = useSettings();
  if (settings.isPending) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <p role="status" className="sr-only">
          {t('loading')}
        </p>
        <SkeletonRows rows={6} />
      </div>
    );
  }
  if (settings.isError) return <Alert>{settings.error.message}</Alert>;
  return <LoadedSettingsForm initial={settings.data} />;
}

function LoadedSettingsForm({ initial }: { initial: Settings }) {
  const t = useT(settingsMessages);
  const formId = useId();
  const save = useSaveSettings();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SettingsInput, unknown, Settings>({
    resolver: localizeResolver(zodResolver(settingsInputSchema)),
    defaultValues: initial,
  });

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_BANNER_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const onSubmit = handleSubmit((values) => {
    setSavedAt(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved);
        setSavedAt(Date.now());
      },
      // The sections' fields are dotted paths ('general.siteName'); anything else stays in the alert.
      onError: (error) => applyServerErrors({ setError }, error, (path) => (path.includes('.') ? (path as Path) : null)),
    });
  });

  const hasErrors = Object.keys(errors).length > 0;
  const text = (name: Path, label: Key, type: 'text' | 'email' | 'tel' = 'text', hint?: string) => (
    <TextField
      id={`${formId}-${name}`}
      name={name}
      label={t(label)}
      type={type}
      hint={hint}
      error={errorAt(errors, name)}
      register={register}
    />
  );
  const number = (name: Path, label: Key, min: number) => (
    <TextField
      id={`${formId}-${name}`}
      name={name}
      label={t(label)}
      type="number"
      min={min}
      error={errorAt(errors, name)}
      register={register}
    />
  );
  const flag = (name: Path, label: Key, note?: string) => (
    <label className="flex items-start gap-3 rounded-lg p-1 text-sm text-slate-800 md:col-span-1">
      <input type="checkbox" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...register(name)} />
      <span>
        {t(label)}
        {note ? <span className="mt-1 block text-xs text-slate-600">{note}</span> : null}
      </span>
    </label>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {/* Sticky under the top bar: the banner shows where the user is, even after saving from the bottom. */}
      <div className="sticky top-[4.25rem] z-10 space-y-2 empty:hidden [&>*]:shadow-md" data-testid="settings-feedback">
        {savedAt !== null ? <Alert tone="success">{t('saved')}</Alert> : null}
        {save.isError ? <Alert>{save.error.message}</Alert> : null}
        {hasErrors && !save.isError ? <Alert>{t('invalid')}</Alert> : null}
      </div>

      <Section title={t('general')}>
        {text('general.siteName', 'siteName')}
        {text('general.contactEmail', 'contactEmail', 'email', t('contactHint'))}
        {text('general.supportPhone', 'supportPhone', 'tel')}
        <TextField
          id={`${formId}-general.launchDate`}
          name="general.launchDate"
          label={t('launchDate')}
          type="date"
          hint={t('launchDateHint')}
          error={errorAt(errors, 'general.launchDate')}
          register={register}
        />
        <div className="md:col-span-2">
          <label htmlFor={`${formId}-desc`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('siteDescription')}
          </label>
          <textarea
            id={`${formId}-desc`}
            rows={3}
            className={inputClass}
            aria-invalid={!!errorAt(errors, 'general.siteDescription')}
            {...register('general.siteDescription')}
          />
          <FieldMessage error={errorAt(errors, 'general.siteDescription')} />
        </div>
      </Section>

      <Section title={t('events')}>
        {number('events.maxEventsPerUser', 'maxEventsPerUser', 1)}
        {number('events.maxParticipantsPerEvent', 'maxParticipantsPerEvent', 1)}
        {flag('events.requireApproval', 'requireApproval')}
        {flag('events.allowMultipleTickets', 'allowMultipleTickets')}
      </Section>

      <Section title={t('notifications')} hint={t('notifyHint')}>
        {flag('notifications.emailNotifications', 'emailNotifications')}
        {flag('notifications.pushNotifications', 'pushNotifications', t('pushNote'))}
        {flag('notifications.notifyOnNewEvent', 'notifyOnNewEvent')}
        {flag('notifications.notifyOnEventUpdate', 'notifyOnEventUpdate')}
        {flag('notifications.notifyOnRegistration', 'notifyOnRegistration')}
      </Section>

      <Section title={t('security')}>
        {flag('security.requireEmailVerification', 'requireEmailVerification')}
        {number('security.passwordMinLength', 'passwordMinLength', 6)}
        {number('security.sessionTimeout', 'sessionTimeout', 1)}
        {number('security.maxLoginAttempts', 'maxLoginAttempts', 1)}
        {text('security.smsCountries' as Path, 'smsCountries', 'text', t('smsCountriesHint'))}
      </Section>

      <Section title={t('payments')} hint={t('paymentsHint')}>
        {number('payments.monthlyPrice', 'monthlyPrice', 100)}
        {number('payments.yearlyPrice', 'yearlyPrice', 100)}
      </Section>

      <Section title={t('ads')} hint={t('adsHint')}>
        {number('ads.agendaPerDay', 'agendaPerDay', 100)}
        {number('ads.landingPerDay', 'landingPerDay', 100)}
        {number('ads.relatedPerDay', 'relatedPerDay', 100)}
        {number('ads.nationalFactor', 'nationalFactor', 1)}
      </Section>

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
