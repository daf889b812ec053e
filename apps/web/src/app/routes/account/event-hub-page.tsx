import { useParams } from 'react-router';
import { EventHub } from '../../../features/my-events/components/event-hub';

/** /mon-compte/evenements/:id: the organiser's hub of one event (issue 27 item 3). */
export function EventHubPage() {
  const { id = '' } = useParams();
  return <EventHub key={id} id={id} />;
}
