import { useParams } from 'react-router';
import { TicketScreen } from '../../../features/check-in/components/ticket-screen';

/** /mon-compte/participations/:eventId/billet: the participant's ticket, readable offline once opened. */
export function TicketPage() {
  const { eventId = '' } = useParams();
  return <TicketScreen eventId={eventId} />;
}
