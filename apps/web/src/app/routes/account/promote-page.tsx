import { useParams } from 'react-router';
import { PromoteScreen } from '../../../features/promotion/components/promote-screen';

/** /mon-compte/evenements/:id/promouvoir: the organiser promotes the event with a paid campaign (issue 30). */
export function PromotePage() {
  const { id = '' } = useParams();
  return <PromoteScreen key={id} eventId={id} />;
}
