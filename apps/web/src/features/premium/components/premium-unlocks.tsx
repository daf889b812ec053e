import { PREMIUM_FEATURE_LABELS, PREMIUM_FEATURES } from '@app/shared/premium';
import { LineIcon } from '../../../components/ui/line-icon';
import { localize, useLanguage } from '../../../lib/i18n';

const CHECK = 'M20 6 9 17l-5-5';

/** What premium unlocks, in the words of the shared list (the gates say the same). */
export function PremiumUnlocks({ testId }: { testId?: string }) {
  const language = useLanguage();
  return (
    <ul className="space-y-2" data-testid={testId}>
      {PREMIUM_FEATURES.map((feature) => (
        <li key={feature} className="flex gap-2 text-slate-800">
          <LineIcon path={CHECK} size={20} className="mt-0.5 shrink-0 text-emerald-700" />
          <span>{localize(PREMIUM_FEATURE_LABELS[feature], language)}</span>
        </li>
      ))}
    </ul>
  );
}
