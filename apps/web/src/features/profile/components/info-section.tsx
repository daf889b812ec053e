import { type Profile, type ProfileFormInput, type ProfileFormValues, profileFormSchema } from '@app/shared/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { updateProfile, useProfile, useProfileSaved } from '../api/profile';
import { profileMessages } from '../messages';
import { ProfileSection } from './profile-section';

const FIELDS = ['firstName', 'lastName', 'username', 'city'] as const;

function formValues(profile: Profile): ProfileFormInput {
  return { firstName: profile.firstName, lastName: profile.lastName, username: profile.username ?? '', city: profile.city ?? '' };
}

/** 'Informations': first and last name, username and city, checked by the shared schema, saved at once. */
export function InfoSection() {
  const t = useT(profileMessages);
  const profile = useProfile();
  return (
    <ProfileSection title={t('infoTitle')} hint={t('infoHint')} id="informations">
      {profile.isPending ? (
        <ListLoading label={t('infoLoading')} rows={2} />
      ) : profile.isError ? (
        <ListError
          title={t('infoLoadError')}
          message={profile.error.message}
          retryLabel={t('retry')}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <InfoForm profile={profile.data} />
      )}
    </ProfileSection>
  );
}

function InfoForm({ profile }: { profile: Profile }) {
  const t = useT(profileMessages);
  const formId = useId();
  const saved = useProfileSaved();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: localizeResolver(zodResolver(profileFormSchema)),
    defaultValues: formValues(profile),
  });
  // A profile read again (another tab, the photo) updates the fields nobody is typing in.
  useEffect(() => {
    if (!isDirty) reset(formValues(profile));
  }, [profile, isDirty, reset]);

  const onValid = async (values: ProfileFormValues) => {
    setServerError(null);
    try {
      const answer = await updateProfile({ ...values, city: values.city ?? '' });
      saved(answer.profile);
      reset(formValues(answer.profile));
      toast.success(answer.message);
    } catch (error) {
      const onFields = applyServerErrors({ setError }, error, onlyFields(FIELDS));
      setServerError(onFields ? t('fixErrors') : (error as Error).message);
    }
  };

  const idOf = (name: string) => `${formId}-${name}`;
  const message = (name: FieldPath<ProfileFormInput>) => errors[name]?.message;
  const input = (
    name: (typeof FIELDS)[number],
    label: string,
    extra: { autoComplete?: string; maxLength?: number; hint?: string; optional?: boolean } = {},
  ) => (
    <Field
      id={idOf(name)}
      label={label}
      error={message(name)}
      hint={extra.hint}
      optionalText={extra.optional ? t('optional') : undefined}
    >
      <Input
        id={idOf(name)}
        autoComplete={extra.autoComplete}
        maxLength={extra.maxLength}
        {...describedBy(idOf(name), message(name), Boolean(extra.hint))}
        {...register(name)}
      />
    </Field>
  );

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstName', t('firstName'), { autoComplete: 'given-name', maxLength: 60 })}
        {input('lastName', t('lastName'), { autoComplete: 'family-name', maxLength: 60 })}
        {input('username', t('username'), { autoComplete: 'username', maxLength: 30, hint: t('usernameHint') })}
        {input('city', t('city'), { autoComplete: 'address-level2', maxLength: 100, optional: true })}
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
