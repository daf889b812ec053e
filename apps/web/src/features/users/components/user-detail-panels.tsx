import type { ManagedUserDetail } from '@app/shared/admins';
import { REPORT_REASON_LABELS, type Report } from '@app/shared/community';
import { Badge } from '../../../components/ui/badge';
import { formatPhone } from '@app/shared/phone-display';
import { formatDate, formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { usersMessages } from '../messages';
import { DetailField } from '../../../components/ui/detail-field';

export function InfoPanel({ user }: { user: ManagedUserDetail }) {
  const t = useT(usersMessages);
  const counts = user.counts;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DetailField label={t('email')}>{user.email ?? t('none')}</DetailField>
        <DetailField label={t('phone')}>{user.phone ? formatPhone(user.phone) : t('none')}</DetailField>
        <DetailField label={t('username')}>{user.username ?? t('none')}</DetailField>
        <DetailField label={t('createdAt')}>{formatDate(user.createdAt, { dateStyle: 'long' })}</DetailField>
        <DetailField label={t('lastLogin')}>{formatDate(user.lastLogin, { dateStyle: 'long', timeStyle: 'short' })}</DetailField>
      </dl>
      {counts && (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ['countEvents', counts.events],
              ['countParticipations', counts.participations],
              ['countComments', counts.comments],
              ['countLikes', counts.likes],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-lg bg-slate-50 p-2 text-center">
              <dt className="text-xs text-slate-600">{t(key)}</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatNumber(value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

export function ActivitiesPanel({ user }: { user: ManagedUserDetail }) {
  const t = useT(usersMessages);
  const items = user.recentActivity ?? [];
  if (items.length === 0) return <p className="py-4 text-center text-sm text-slate-500">{t('noActivity')}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((activity) => (
        <li key={activity._id} className="flex items-start justify-between gap-3 py-2">
          <span className="min-w-0 text-sm text-slate-800">{activity.description}</span>
          <time dateTime={activity.date} className="shrink-0 text-xs text-slate-500">
            {formatDate(activity.date, { dateStyle: 'short', timeStyle: 'short' })}
          </time>
        </li>
      ))}
    </ul>
  );
}

export function ReportsPanel({ reports }: { reports: Report[] }) {
  const t = useT(usersMessages);
  if (reports.length === 0) return <p className="py-4 text-center text-sm text-slate-500">{t('noReports')}</p>;
  const statusLabel = { open: t('reportOpen'), dismissed: t('reportDismissed'), actioned: t('reportActioned') };
  return (
    <ul className="divide-y divide-slate-100">
      {reports.map((report) => (
        <li key={report._id} className="space-y-1 py-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm font-medium text-slate-900">{REPORT_REASON_LABELS[report.reason]}</span>
            <Badge tone={report.status === 'open' ? 'red' : 'gray'}>{statusLabel[report.status]}</Badge>
          </div>
          {report.targetType === 'conversation' && <p className="text-xs text-slate-600">{t('reportOnConversation')}</p>}
          {report.details && <p className="text-sm text-slate-700">{report.details}</p>}
          <p className="text-xs text-slate-500">
            {t('reportBy', { name: report.reporter?.name ?? t('reporterDeleted') })} ·{' '}
            {formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </p>
        </li>
      ))}
    </ul>
  );
}
