import { ADMIN_TYPES, makeRegisterSchema, type OtpChannel, PASSWORD_MIN_LENGTH } from '@app/shared/auth';
import { DEFAULT_DIAL_CODE } from '@app/shared/phone';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { setUserContact } from '../../../lib/session';
import { usePublicSettings } from '../../../lib/public-settings';
import { useRegister } from '../api/register';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { errorMessage, smsNoticeText } from '../auth-errors';
import { referralRefOfVisit } from '../referral-ref';
import { inputClass } from '../../../components/ui/form/input-style';
import { FormField, PasswordField } from './form-field';
import type { OtpContact } from './login-form';
import { PasswordStrength } from '../../../components/ui/password-strength';
import { paths } from '../../../config/paths';
import { useAuthT } from '../messages';

const schema = makeRegisterSchema(PASSWORD_MIN_LENGTH);
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['username', 'email', 'phone', 'password', 'confirmPassword', 'firstName', 'lastName', 'adminType'] as const;

const ADMIN_LABELS: Record<(typeof ADMIN_TYPES)[number], string> = {
  admin: 'Administrateur',
  superadmin: 'Super administrateur',
};

export function RegisterForm({
  onCodeSent,
}: {
  onCodeSent: (contact: OtpContact, otpChannel: OtpChannel | undefined, notice?: string) => void;
}) {
  const tr = useAuthT();
  const registration = useRegister();
  const settings = usePublicSettings();
  const adminTypeId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, Output>({
    resolver: localizeResolver(zodResolver(schema)),
    defaultValues: {
      username: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: `${DEFAULT_DIAL_CODE} `,
      password: '',
      confirmPassword: '',
      adminType: '',
    },
  });
  const password = String(watch('password') ?? '');

  const onSubmit = handleSubmit(async (values) => {
    const contact: OtpContact = { email: values.email, phone: values.phone };
    try {
      const result = await registration.mutateAsync({ ...values, ref: referralRefOfVisit() });
      const stored = { email: result.email ?? undefined, phone: result.phone ?? undefined };
      setUserContact(stored);
      if (result.smsNotice) toast.info(result.message);
      else toast.success(result.message);
      onCodeSent(stored, result.otpChannel, result.smsNotice);
    } catch (error) {
      // The server failed once the account was being made (sending its code): the code
      // view still opens, with the notice. Decided on the error's code, never on its text.
      if (error instanceof ApiRequestError && error.code === 'INTERNAL_ERROR') {
        setUserContact({ email: contact.email, phone: contact.phone });
        onCodeSent(contact, undefined, smsNoticeText(settings.data?.supportPhone));
        return;
      }
      applyServerErrors({ setError }, error, onlyFields(FIELDS));
      toast.error(errorMessage(error, tr("Erreur lors de l'inscription")));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={tr("S'inscrire")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={tr('Prénom')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <FormField label={tr('Nom')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <FormField
        label={tr("Nom d'utilisateur")}
        autoComplete="username"
        hint={tr('3 à 30 caractères : lettres, chiffres, « . », « _ » ou « - ».')}
        error={errors.username?.message}
        {...register('username')}
      />
      <FormField
        label={tr('E-mail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={tr('vous@exemple.cm')}
        error={errors.email?.message}
        {...register('email')}
      />
      <FormField
        label={tr('Numéro de téléphone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+237 6XX XX XX XX"
        hint={tr('Au moins un email ou un numéro de téléphone. Le code vous est envoyé par SMS et/ou par email.')}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <PasswordField
        label={tr('Mot de passe')}
        autoComplete="new-password"
        error={errors.password?.message}
        hint={<PasswordStrength password={password} minLength={settings.data?.passwordMinLength} />}
        {...register('password')}
      />
      <PasswordField
        label={tr('Confirmer le mot de passe')}
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div>
        <label htmlFor={adminTypeId} className="mb-1 block text-sm font-medium text-slate-800">
          {tr('Type de compte administrateur (facultatif)')}
        </label>
        <select id={adminTypeId} className={inputClass} aria-describedby={`${adminTypeId}-hint`} {...register('adminType')}>
          <option value="">{tr('Aucun (compte utilisateur)')}</option>
          {ADMIN_TYPES.map((type) => (
            <option key={type} value={type}>
              {tr(ADMIN_LABELS[type])}
            </option>
          ))}
        </select>
        <p id={`${adminTypeId}-hint`} className="mt-1 text-xs text-slate-600">
          {tr('Une demande d’accès administrateur reste en attente jusqu’à sa validation.')}
        </p>
        {errors.adminType?.message ? <p className="mt-1 text-sm text-red-700">{errors.adminType.message}</p> : null}
      </div>
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? tr('Inscription...') : tr("S'inscrire")}
      </Button>
      <p className="text-center text-sm">
        {/* A page of the server (decision 027): left with a page load. */}
        <a href={paths.privacy} className="font-medium text-brand-800 underline underline-offset-4">
          {tr('Ce que nous gardons de vos données et pourquoi')}
        </a>
      </p>
    </form>
  );
}
