import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { MessagesScreen, NewMessageScreen } from '../../../features/messages/components/messages-screen';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /mon-compte/messages and /mon-compte/messages/:id ('support': the team). */
export function MessagesPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const page = Number(search.get('page'));
  if (id && id !== 'support' && !UUID.test(id)) return <Navigate to={paths.messages} replace />;
  return <MessagesScreen selected={id ?? null} page={Number.isInteger(page) && page >= 1 && page <= 500 ? page : 1} />;
}

/** /mon-compte/messages/nouveau?evenement=…[&participant=…]. */
export function NewMessagePage() {
  const [search] = useSearchParams();
  const eventId = search.get('evenement') ?? '';
  const participantId = search.get('participant') ?? undefined;
  if (!UUID.test(eventId) || (participantId && !UUID.test(participantId))) return <Navigate to={paths.messages} replace />;
  return <NewMessageScreen eventId={eventId} participantId={participantId} />;
}
