import { RequirePermission } from '../../../features/admin-shell/components/require-permission';
import { EventsScreen } from '../../../features/events/components/events-screen';

/** 'Gestion des Événements' (`manage_events`). */
export function EventsPage() {
  return (
    <RequirePermission permission="manage_events">
      <EventsScreen />
    </RequirePermission>
  );
}
