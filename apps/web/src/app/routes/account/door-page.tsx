import { useParams } from 'react-router';
import { DoorScreen } from '../../../features/check-in/components/door-screen';

/** /mon-compte/evenements/:id/entree: the door of an event, for its organiser and its door helpers. */
export function DoorPage() {
  const { id = '' } = useParams();
  return <DoorScreen key={id} eventId={id} />;
}
