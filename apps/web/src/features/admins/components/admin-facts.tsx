import type { AdminStatus, ManagedUser } from '@app/shared/admins';
import { formatPhone } from '@app/shared/phone-display';
import type { Ref } from 'react';
import { DetailField } from '../../../components/ui/detail-field';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { adminsMessages } from '../messages';
import { AuditList } from './audit-list';
import { AdminStatusBadge } from './status-badge';

interface AdminHeaderProps {
  ref: Ref<HTMLHeadingElement>;
  name: string;
  isSuper: boolean;
  isSelf: boolean;
  status: AdminStatus;
}

/** The detail's title (focused when it opens), role, 'vous' and status. */
export function AdminHeader({ ref, name, isSuper, isSelf, status }: AdminHeaderProps) {
  const t = useT(adminsMessages);
  return (
    <header className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h2 ref={ref} tabIndex={-1} id="admin-detail-title" className="break-words outline-none text-xl font-bold text-slate-900">
          {name}
        </h2>
        <p className="text-sm text-slate-500">
          {isSuper ? t('superadmin') : 'Admin'}
          {isSelf && ` · ${t('you')}`}
        </p>
      </div>
      <AdminStatusBadge status={status} />
    </header>
  );
}

/** Contact, username, requested type, dates, and the note of a waiting or blocked account. */
export function AdminFacts({ admin, status, isSuper }: { admin: ManagedUser; status: AdminStatus; isSuper: boolean }) {
  const t = useT(adminsMessages);
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DetailField label={t('email')} wide>
          {admin.email ?? t('none')}
        </DetailField>
        <DetailField label={t('phone')}>{admin.phone ? formatPhone(admin.phone) : t('none')}</DetailField>
        <DetailField label={t('username')}>{admin.username ?? t('none')}</DetailField>
        <DetailField label={t('requestedType')}>{admin.requestedAdminType ?? t('none')}</DetailField>
        <DetailField label={t('createdAt')}>{formatDate(admin.createdAt)}</DetailField>
        <DetailField label={t('lastLogin')}>
          {formatDate(admin.lastLogin, { dateStyle: 'medium', timeStyle: 'short' })}
        </DetailField>
      </dl>

      {status === 'pending' && !isSuper && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('pendingNote')}</p>
      )}
      {status === 'blocked' && <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{t('blockedNote')}</p>}
    </>
  );
}

/** 'Actions récentes': what this administrator did last. */
export function AdminAudit({ userId }: { userId: string }) {
  const t = useT(adminsMessages);
  return (
    <section aria-labelledby="admin-audit-title">
      <h3 id="admin-audit-title" className="mb-2 font-semibold text-slate-900">
        {t('recentActions')}
      </h3>
      <AuditList userId={userId} />
    </section>
  );
}
