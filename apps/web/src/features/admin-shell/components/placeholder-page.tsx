import { useT } from '../../../lib/i18n';
import { shellMessages } from '../messages';
import type { NavId } from '../nav';

type Key = keyof (typeof shellMessages)['fr'];
/** What each coming module will do: a sentence and three points. */
const SOON: Partial<Record<NavId, { text: Key; points: Key[] }>> = {
  publicites: { text: 'soon.publicites', points: ['soon.publicites.1', 'soon.publicites.2', 'soon.publicites.3'] },
};

/**
 * A module that is not built yet: its title and a 'Bientôt disponible' panel saying what it
 * will do — never a skeleton, which reads as a page that does not load.
 */
export function PlaceholderPage({ module, notBuilt = false }: { module: NavId; notBuilt?: boolean }) {
  const t = useT(shellMessages);
  const soon = SOON[module];
  const points = soon?.points ?? [];
  return (
    <section aria-labelledby="placeholder-title" data-placeholder={module}>
      <h1 id="placeholder-title" className="text-2xl font-bold text-slate-900">
        {t(module)}
      </h1>
      <div className="mt-6 max-w-2xl rounded-xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6" data-testid="coming-soon">
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 4v3.69l2.28 2.28-1.06 1.06-2.72-2.72V6h1.5Z" />
          </svg>
          {t('comingSoon')}
        </p>
        <p className="mt-3 text-slate-700">{soon ? t(soon.text) : notBuilt ? t('placeholderNotBuilt') : t('placeholderText')}</p>
        {points.length > 0 ? (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
            {points.map((point) => (
              <li key={point}>{t(point)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
