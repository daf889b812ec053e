import { useParams } from 'react-router';
import { CommentsScreen } from '../../../features/participants/components/comments-screen';

/** /mon-compte/evenements/:id/commentaires: the event's comments for its organiser (decisions 038, 044). */
export function EventCommentsPage() {
  const { id = '' } = useParams();
  return <CommentsScreen key={id} eventId={id} />;
}
