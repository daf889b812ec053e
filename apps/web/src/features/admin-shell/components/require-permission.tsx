import type { Permission } from '@app/shared/permissions';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useCan } from '../hooks/use-admin-user';
import { shellMessages } from '../messages';
import { paths } from '../../../config/paths';

/** A screen shown only with its permission; the server refuses the calls anyway. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const t = useT(shellMessages);
  const allowed = useCan(permission);
  if (allowed) return <>{children}</>;
  return (
    <section className="mx-auto max-w-lg py-10 text-center">
      <h1 className="text-2xl font-bold">{t('forbiddenTitle')}</h1>
      <p className="mt-2 text-slate-700">{t('forbiddenText')}</p>
      <Link to={paths.admin.root} className={buttonClass('secondary', 'md', 'mt-4')}>
        {t('goHome')}
      </Link>
    </section>
  );
}
