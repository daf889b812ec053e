import {
  IDENTIFIER_LABELS,
  IDENTIFIER_TYPES,
  type IdentifierType,
  type LoginFormValues,
  loginFormSchema,
  MESSAGES,
  type OtpChannel,
} from '@app/shared/auth';
import type { PublicUser } from '@app/shared/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiRequestError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { setUserContact } from '../../../lib/session';
import { useLogin } from '../api/login';
import { errorMessage } from '../auth-errors';
import { FormField, PasswordField } from './form-field';
import { useAuthT } from '../messages';

export interface OtpContact {
  email?: string;
  phone?: string;
  identifier?: string;
}

export interface LoginPrefill {
  identifierType: IdentifierType;
  identifier: string;
}

const INPUTS: Record<IdentifierType, { type: string; autoComplete: string; placeholder: string; inputMode?: 'email' | 'tel' }> = {
  email: { type: 'email', autoComplete: 'username', placeholder: 'vous@exemple.cm', inputMode: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', placeholder: '+237 6XX XX XX XX', inputMode: 'tel' },
  username: { type: 'text', autoComplete: 'username', placeholder: 'votre_nom' },
};

const CHOICE_LABELS: Record<IdentifierType, string> = { email: 'E-mail', phone: 'Téléphone', username: "Nom d'utilisateur" };

export function LoginForm({
  prefill,
  onSignedIn,
  onRequiresOtp,
  onForgotPassword,
}: {
  prefill?: LoginPrefill;
  onSignedIn: (token: string, user: PublicUser) => void;
  onRequiresOtp: (contact: OtpContact, otpChannel?: OtpChannel) => void;
  onForgotPassword: () => void;
}) {
  const tr = useAuthT();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<LoginFormValues>({
    resolver: localizeResolver(zodResolver(loginFormSchema)),
    defaultValues: { identifierType: prefill?.identifierType ?? 'email', identifier: prefill?.identifier ?? '', password: '' },
  });
  const identifierType = watch('identifierType');
  const input = INPUTS[identifierType];

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const fail = (message: string) => {
      setFailure(message);
      toast.error(message);
    };
    try {
      const result = await login.mutateAsync({ identifier: values.identifier, password: values.password });
      if (!result?.token || !result.user) return fail(tr('Identifiants invalides ou réponse inattendue du serveur'));
      toast.success(result.message || tr(MESSAGES.loginSuccess));
      onSignedIn(result.token, result.user);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.requiresOTP) {
        toast.info(tr(MESSAGES.otpRequired));
        const contact: OtpContact = { identifier: values.identifier };
        if (values.identifierType === 'email') contact.email = values.identifier.toLowerCase();
        if (values.identifierType === 'phone') contact.phone = values.identifier;
        if (contact.email || contact.phone) setUserContact({ email: contact.email, phone: contact.phone });
        onRequiresOtp(contact, error.body.otpChannel as OtpChannel | undefined);
        return;
      }
      if (error instanceof ApiRequestError && error.status === 403 && typeof error.body?.lockUntil === 'string') {
        const until = formatDate(error.body.lockUntil, { dateStyle: 'short', timeStyle: 'short' });
        return fail(tr('Compte bloqué. Réessayez après {until}', { until }));
      }
      fail(errorMessage(error, MESSAGES.invalidCredentials));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={tr('Se connecter')}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{tr('Se connecter avec')}</legend>
        <div className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1">
          {IDENTIFIER_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-10 cursor-pointer items-center justify-center rounded-md px-1 text-center text-xs font-medium text-slate-700 has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-700 sm:text-sm"
            >
              <input
                type="radio"
                value={type}
                className="sr-only"
                {...register('identifierType', {
                  onChange: () => {
                    setValue('identifier', '');
                    clearErrors();
                  },
                })}
              />
              {tr(CHOICE_LABELS[type])}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField
        key={identifierType}
        label={tr(IDENTIFIER_LABELS[identifierType] === 'Email' ? 'E-mail' : IDENTIFIER_LABELS[identifierType])}
        type={input.type}
        inputMode={input.inputMode}
        autoComplete={input.autoComplete}
        placeholder={tr(input.placeholder)}
        error={errors.identifier?.message}
        {...register('identifier')}
      />
      <PasswordField
        label={tr('Mot de passe')}
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex justify-end">
        <button
          type="button"
          onClick={onForgotPassword}
          className="rounded text-sm font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {tr('Mot de passe oublié ?')}
        </button>
      </div>
      {failure ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="login-error">
          {failure}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? tr('Connexion...') : tr('Se connecter')}
      </Button>
    </form>
  );
}
