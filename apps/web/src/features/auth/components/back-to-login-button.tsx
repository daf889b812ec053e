import { useAuthT } from '../messages';
/** The link-styled button that leaves the code, reset and new-password views for the sign-in form. */
export function BackToLoginButton({ onBack, className = 'text-sm' }: { onBack: () => void; className?: string }) {
  const tr = useAuthT();
  return (
    <button
      type="button"
      onClick={onBack}
      className={`rounded font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700 ${className}`}
    >
      {tr('Retour à la connexion')}
    </button>
  );
}
