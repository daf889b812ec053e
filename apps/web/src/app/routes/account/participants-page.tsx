import { useParams } from 'react-router';
import { ParticipantsScreen } from '../../../features/participants/components/participants-screen';

/** /mon-compte/evenements/:id/participants: the event's participants for its organiser (decision 044). */
export function ParticipantsPage() {
  const { id = '' } = useParams();
  return <ParticipantsScreen key={id} eventId={id} />;
}
