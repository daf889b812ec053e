import { effectivePasswordMinLength, passwordStrength } from '@app/shared/auth';
import { useLanguage } from '../../lib/i18n';

/** English of the checklist (French stays the spec's text). */
const EN: Record<string, string> = {
  caractères: 'characters',
  'Une majuscule': 'An upper-case letter',
  'Un chiffre': 'A digit',
  'Un caractère spécial': 'A special character',
  'Pas un mot de passe courant': 'Not a common password',
  Aucun: 'None',
  Faible: 'Weak',
  Moyen: 'Medium',
  Fort: 'Strong',
};

const BAR_COLORS = ['bg-slate-200', 'bg-red-600', 'bg-amber-500', 'bg-emerald-600'] as const;
const LABEL_COLORS = ['text-slate-600', 'text-red-700', 'text-amber-800', 'text-emerald-800'] as const;

/**
 * Score 0-3 (Aucun/Faible/Moyen/Fort) with its checklist, following the server's rules:
 * the current minimum length (settings, never below 8) and no common password (decision 008).
 */
export function PasswordStrength({ password, minLength }: { password: string; minLength?: number }) {
  const english = useLanguage() === 'en';
  const tr = (text: string) => (english ? (EN[text] ?? text) : text);
  const min = effectivePasswordMinLength(minLength ?? 8);
  const { score, label, checks } = passwordStrength(password, min);
  const items = [
    ['length', english ? `${min} ${EN.caractères}` : `${min} caractères`],
    ['uppercase', 'Une majuscule'],
    ['digit', 'Un chiffre'],
    ['special', 'Un caractère spécial'],
    ['notCommon', 'Pas un mot de passe courant'],
  ] as const;
  return (
    <div className="space-y-2" data-testid="password-strength">
      <div className="flex items-center gap-3">
        <div className="flex flex-1 gap-1" aria-hidden="true">
          {[1, 2, 3].map((step) => (
            <span key={step} className={`h-1.5 flex-1 rounded-full ${score >= step ? BAR_COLORS[score] : 'bg-slate-200'}`} />
          ))}
        </div>
        <p className={`text-xs font-medium ${LABEL_COLORS[score]}`} aria-live="polite">
          {english ? `Strength: ${tr(label)}` : `Force : ${label}`}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        {items.map(([key, text]) => (
          <li key={key} className={checks[key] ? 'text-emerald-800' : 'text-slate-600'}>
            <span aria-hidden="true">{checks[key] ? '✓' : '○'}</span> {tr(text)}
            <span className="sr-only">
              {english ? (checks[key] ? ': done' : ': to do') : checks[key] ? ' : fait' : ' : à faire'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
