import { passwordStrength } from '@app/shared/auth';
import { useAuthT } from '../messages';

const BAR_COLORS = ['bg-slate-200', 'bg-red-600', 'bg-amber-500', 'bg-emerald-600'] as const;
const LABEL_COLORS = ['text-slate-600', 'text-red-700', 'text-amber-800', 'text-emerald-800'] as const;

const CHECKS = [
  ['length', '8 caractères'],
  ['uppercase', 'Une majuscule'],
  ['digit', 'Un chiffre'],
  ['special', 'Un caractère spécial'],
] as const;

/** Spec §5: score 0-3 (Aucun/Faible/Moyen/Fort) with its four-item checklist. Advisory only. */
export function PasswordStrength({ password }: { password: string }) {
  const tr = useAuthT();
  const { score, label, checks } = passwordStrength(password);
  return (
    <div className="space-y-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {[1, 2, 3].map((step) => (
            <span key={step} className={`h-1.5 flex-1 rounded-full ${score >= step ? BAR_COLORS[score] : 'bg-slate-200'}`} />
          ))}
        </div>
        <p className={`text-xs font-medium ${LABEL_COLORS[score]}`} aria-live="polite">
          {tr('Force : {label}', { label: tr(label) })}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {CHECKS.map(([key, text]) => (
          <li key={key} className={checks[key] ? 'text-emerald-800' : 'text-slate-600'}>
            <span aria-hidden="true">{checks[key] ? '✓' : '○'}</span> {tr(text)}
            <span className="sr-only">{checks[key] ? tr(' : fait') : tr(' : à faire')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
