import { paths } from '../../../config/paths';
import { MyEventsScreen } from '../../../features/my-events/components/my-events-screen';

/** /mon-compte/evenements: the account's events by tab (issue 27 item 1). */
export function MyEventsPage() {
  return <MyEventsScreen editPath={paths.organiser.editEvent} />;
}
