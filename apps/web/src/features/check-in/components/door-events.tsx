import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { ListError } from '../../../components/ui/list-states';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { formatLongDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useMyDoorEvents } from '../api/check-in-api';
import { checkInMessages } from '../messages';

/** On 'Mon compte': the events where an organiser made this account a door helper, each with its door. Nothing when there are none. */
export function DoorEvents() {
  const t = useT(checkInMessages);
  const doors = useMyDoorEvents();
  const missing = doors.error instanceof ApiRequestError && doors.error.status === 404;
  if (doors.isPending || missing || (doors.isSuccess && doors.data.items.length === 0)) return null;
  return (
    <section aria-labelledby="door-events-title" className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="door-events-title" className="text-lg font-semibold text-slate-900">
        {t('doorEvents')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('doorEventsHint')}</p>
      {doors.isError ? (
        <ListError
          title={t('doorLoadError')}
          message={doors.error.message}
          retryLabel={t('retry')}
          onRetry={() => doors.refetch()}
        />
      ) : (
        <ul className="divide-y divide-slate-200">
          {doors.data.items.map((door) => (
            <li key={door.eventId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{door.title}</p>
                <p className="text-sm text-slate-700">{formatLongDateTime(door.startDateTime)}</p>
              </div>
              <Link
                to={paths.organiser.checkIn(door.eventId)}
                className={buttonClass('primary', 'sm')}
                aria-label={t('openDoorLabel', { title: door.title })}
              >
                {t('openDoor')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
