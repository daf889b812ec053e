import { MESSAGES, type ResetPasswordInput, resetPasswordSchema } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { applyServerErrors, onlyFields } from '../../../components/ui/form/server-errors';
import { errorMessage } from '../auth-errors';
import { FormField } from './form-field';
import { BackToLoginButton } from './back-to-login-button';
import { useAuthT } from '../messages';

/** Reset, step 1: the e-mail the code goes to. */
export function ResetRequestForm({ onCodeSent, onBack }: { onCodeSent: (email: string) => void; onBack: () => void }) {
  const headingId = useId();
  const tr = useAuthT();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordInput>({ resolver: localizeResolver(zodResolver(resetPasswordSchema)), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await reset.mutateAsync(values);
      toast.success(result?.message || tr(MESSAGES.resetSent));
      onCodeSent(values.email);
    } catch (error) {
      applyServerErrors({ setError }, error, onlyFields(['email']));
      toast.error(errorMessage(error, tr('Erreur lors de la réinitialisation')));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          {tr('Mot de passe oublié')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {tr('Entrez l’adresse email de votre compte : nous vous enverrons un code.')}
        </p>
      </div>
      <FormField
        label={tr('E-mail')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={tr('vous@exemple.cm')}
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? tr('Envoi...') : tr('Envoyer le code')}
      </Button>
      <div className="text-center">
        <BackToLoginButton onBack={onBack} />
      </div>
    </form>
  );
}
