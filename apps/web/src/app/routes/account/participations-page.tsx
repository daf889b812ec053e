import { useSearchParams } from 'react-router';
import { MyParticipations, readParticipationsQuery } from '../../../features/participations/components/my-participations';

/** /mon-compte/participations: the events the account takes part in. */
export function ParticipationsPage() {
  const [search] = useSearchParams();
  return <MyParticipations query={readParticipationsQuery(search)} />;
}
