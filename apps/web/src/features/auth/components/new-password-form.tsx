import { MESSAGES, makeNewPasswordFormSchema, OTP_TTL_SECONDS, PASSWORD_MIN_LENGTH, type ResetContact } from '@app/shared/auth';
import { formatPhone } from '@app/shared/phone-display';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useNewPassword } from '../api/new-password';
import { useResetPassword } from '../api/reset-password';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { errorMessage } from '../auth-errors';
import { formatSeconds, useCountdown } from '../hooks/use-countdown';
import { PasswordField } from './form-field';
import { OtpInput } from './otp-input';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { usePublicSettings } from '../../../lib/public-settings';
import { BackToLoginButton } from './back-to-login-button';
import { useAuthT } from '../messages';

const schema = makeNewPasswordFormSchema(PASSWORD_MIN_LENGTH);
type Values = z.input<typeof schema>;

/**
 * Reset, step 2: the code sent by e-mail or SMS and the new password twice; then back to login.
 * Opened from the message's link (`token`), it asks only for the new password and sends the token
 * instead. The sixth digit moves on to the new password (the code is checked with it).
 */
export function NewPasswordForm({
  contact,
  token,
  onDone,
  onBack,
}: {
  contact?: ResetContact;
  token?: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const tr = useAuthT();
  const headingId = useId();
  const { left, restart } = useCountdown(OTP_TTL_SECONDS);
  const change = useNewPassword();
  const publicSettings = usePublicSettings();
  const resend = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    watch,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    resolver: localizeResolver(zodResolver(schema)),
    // With the link's token no code is typed: a placeholder satisfies the form's code rule, never sent.
    defaultValues: { otp: token ? '000000' : '', newPassword: '', confirmPassword: '' },
  });
  const password = watch('newPassword');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await change.mutateAsync(
        token || !contact
          ? { token: token ?? '', newPassword: values.newPassword }
          : { ...contact, otp: values.otp, newPassword: values.newPassword },
      );
      toast.success(result?.message || tr(MESSAGES.passwordChanged));
      onDone();
    } catch (error) {
      applyServerErrors({ setError }, error, onlyFields(['otp', 'newPassword']));
      toast.error(errorMessage(error, tr('Erreur lors du changement de mot de passe')));
    }
  });

  const resendCode = async () => {
    try {
      if (!contact) return;
      const result = await resend.mutateAsync(contact);
      toast.success(result?.message || tr('phone' in contact ? MESSAGES.resetSentBySms : MESSAGES.resetSent));
      setValue('otp', '');
      restart();
    } catch (error) {
      toast.error(errorMessage(error, tr("Erreur lors de l'envoi du code")));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          {tr('Nouveau mot de passe')}
        </h2>
        {token || !contact ? null : (
          <p className="mt-1 text-sm text-slate-700">
            {'phone' in contact
              ? tr('Entrez le code reçu par SMS au {phone} et choisissez un nouveau mot de passe.', {
                  // Non-breaking spaces: the number is never cut across two lines.
                  phone: formatPhone(contact.phone).replace(/ /g, '\u00a0'),
                })
              : tr('Entrez le code reçu à {email} et choisissez un nouveau mot de passe.', { email: contact.email })}
          </p>
        )}
      </div>
      <div hidden={Boolean(token)}>
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <OtpInput
              value={field.value}
              onChange={field.onChange}
              onComplete={() => setFocus('newPassword')}
              error={errors.otp?.message}
              label={tr('Code de réinitialisation')}
              autoFocus={!token}
            />
          )}
        />
        {errors.otp?.message ? <p className="mt-2 text-sm text-red-700">{errors.otp.message}</p> : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          <p aria-live="polite" aria-atomic="true">
            {left > 0
              ? tr('Nouveau code possible dans {time}', { time: formatSeconds(left) })
              : tr('Vous pouvez demander un nouveau code.')}
          </p>
          <Button variant="secondary" size="sm" onClick={resendCode} disabled={left > 0 || resend.isPending}>
            {tr('Renvoyer le code')}
          </Button>
        </div>
      </div>
      <PasswordField
        label={tr('Nouveau mot de passe')}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        hint={<PasswordStrength password={password} minLength={publicSettings.data?.passwordMinLength} />}
        {...register('newPassword')}
      />
      <PasswordField
        label={tr('Confirmer le nouveau mot de passe')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={change.isPending}>
        {change.isPending ? tr('Enregistrement...') : tr('Changer le mot de passe')}
      </Button>
      <div className="text-center">
        <BackToLoginButton onBack={onBack} />
      </div>
    </form>
  );
}
