import type { PartnerDetail } from '@app/shared/partners';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { partnersMessages } from '../messages';

export function ActivitiesTab({ partner }: { partner: PartnerDetail }) {
  const t = useT(partnersMessages);
  if (partner.recentActivity.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-500">
        {t('noActivities')}
      </p>
    );
  }
  return (
    <ol className="space-y-2">
      {partner.recentActivity.map((activity) => (
        <li key={activity._id} className="rounded-lg border border-slate-100 px-3 py-2">
          <p className="text-sm text-slate-900">{activity.description}</p>
          <p className="text-xs text-slate-500">
            {formatDate(activity.date, { dateStyle: 'medium', timeStyle: 'short' })}
            {activity.actorName ? ` · ${t('by', { name: activity.actorName })}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
