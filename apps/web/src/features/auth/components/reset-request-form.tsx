import { MESSAGES, type ResetContact, type ResetContactFormValues, resetContactFormSchema } from '@app/shared/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { localizeResolver } from '../../../lib/form-resolver';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { applyServerErrors } from '../../../components/ui/form/server-errors';
import { errorMessage } from '../auth-errors';
import { FormField } from './form-field';
import { BackToLoginButton } from './back-to-login-button';
import { useAuthT } from '../messages';

/**
 * Reset, step 1: the e-mail or the phone the code goes to (issue 25 item 8). One field: an
 * e-mail, or a phone in any written form ('6 50 00 00 01', '+237…', '00237…'), sent in E.164.
 */
export function ResetRequestForm({ onCodeSent, onBack }: { onCodeSent: (contact: ResetContact) => void; onBack: () => void }) {
  const headingId = useId();
  const tr = useAuthT();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetContactFormValues, unknown, { contact: ResetContact }>({
    resolver: localizeResolver(zodResolver(resetContactFormSchema)),
    defaultValues: { contact: '' },
  });

  const onSubmit = handleSubmit(async ({ contact }) => {
    try {
      const result = await reset.mutateAsync(contact);
      toast.success(result?.message || tr('phone' in contact ? MESSAGES.resetSentBySms : MESSAGES.resetSent));
      onCodeSent(contact);
    } catch (error) {
      // The server names `email` or `phone`: both are this one field.
      applyServerErrors({ setError }, error, (path) => (path === 'email' || path === 'phone' ? 'contact' : null));
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
          {tr('Entrez l’adresse email ou le numéro de téléphone de votre compte : nous vous enverrons un code.')}
        </p>
      </div>
      <FormField
        label={tr('E-mail ou téléphone')}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={tr('vous@exemple.cm ou 6XX XX XX XX')}
        error={errors.contact?.message}
        {...register('contact')}
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
