import { Skeleton, SkeletonRows } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { shellMessages } from '../messages';
import type { NavId } from '../nav';

/** The placeholder pages of spec §2: the module's title and skeleton loaders, until it is built. */
export function PlaceholderPage({ module, notBuilt = false }: { module: NavId; notBuilt?: boolean }) {
  const t = useT(shellMessages);
  return (
    <section aria-labelledby="placeholder-title" data-placeholder={module}>
      <h1 id="placeholder-title" className="text-2xl font-bold text-slate-900">
        {t(module)}
      </h1>
      <p className="mt-1 text-slate-600">{notBuilt ? t('placeholderNotBuilt') : t('placeholderText')}</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((card) => (
          <div key={card} className="rounded-xl border border-slate-200 bg-white p-4">
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="mt-3 h-7 w-1/3" />
          </div>
        ))}
      </div>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <SkeletonRows rows={6} />
      </div>
    </section>
  );
}
