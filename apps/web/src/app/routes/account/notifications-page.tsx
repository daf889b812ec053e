import { useSearchParams } from 'react-router';
import { NotificationsScreen, readNotificationsPage } from '../../../features/notifications/components/notifications-screen';

/** /mon-compte/notifications: what changed for the account. */
export function NotificationsPage() {
  const [search] = useSearchParams();
  return <NotificationsScreen page={readNotificationsPage(search)} />;
}
