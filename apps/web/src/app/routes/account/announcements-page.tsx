import { useParams } from 'react-router';
import { AnnouncementsScreen } from '../../../features/announcements/components/announcements-screen';

/** /mon-compte/evenements/:id/annonces: the organiser writes to the event's participants (decision 067). */
export function AnnouncementsPage() {
  const { id = '' } = useParams();
  return <AnnouncementsScreen key={id} eventId={id} />;
}
