import { changePasswordSchema } from '@app/shared/account';
import { MESSAGES, PASSWORD_MAX_LENGTH } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { toast } from '../../../components/ui/toast';
import { localizeResolver } from '../../../lib/form-resolver';
import { useT } from '../../../lib/i18n';
import { usePublicSettings } from '../../../lib/public-settings';
import { profileKeys } from '../api/keys';
import { changePassword } from '../api/password';
import { profileMessages } from '../messages';
import { ProfileSection } from './profile-section';

/** The API's body, and the new password typed twice. The strength rules are the server's (decision 039). */
const passwordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().max(PASSWORD_MAX_LENGTH) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
type PasswordForm = z.infer<typeof passwordFormSchema>;
const EMPTY: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** 'Mot de passe': the current one, the new one twice; the other devices are signed out after. */
export function PasswordSection() {
  const t = useT(profileMessages);
  const formId = useId();
  const queryClient = useQueryClient();
  const settings = usePublicSettings();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({ resolver: localizeResolver(zodResolver(passwordFormSchema)), defaultValues: EMPTY });

  const onValid = async ({ currentPassword, newPassword }: PasswordForm) => {
    setServerError(null);
    try {
      const answer = await changePassword({ currentPassword, newPassword });
      reset(EMPTY);
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
    } catch (error) {
      if (!applyServerErrors({ setError }, error, onlyFields(FIELDS))) setServerError((error as Error).message);
    }
  };

  const idOf = (name: string) => `${formId}-${name}`;
  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string, hint?: boolean) => (
    <Field
      id={idOf(name)}
      label={label}
      error={errors[name]?.message}
      hint={hint ? <PasswordStrength password={watch('newPassword')} minLength={settings.data?.passwordMinLength} /> : undefined}
    >
      <Input
        id={idOf(name)}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX_LENGTH}
        {...describedBy(idOf(name), errors[name]?.message, hint)}
        {...register(name)}
      />
    </Field>
  );

  return (
    <ProfileSection title={t('passwordTitle')} hint={t('passwordHint')} id="mot-de-passe">
      <form onSubmit={handleSubmit(onValid)} noValidate className="max-w-md space-y-4">
        {serverError ? <Alert>{serverError}</Alert> : null}
        {field('currentPassword', t('currentPassword'), 'current-password')}
        {field('newPassword', t('newPassword'), 'new-password', true)}
        {field('confirmPassword', t('confirmPassword'), 'new-password')}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('changingPassword') : t('changePassword')}
        </Button>
      </form>
    </ProfileSection>
  );
}
