import { useParams } from 'react-router';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { useMyEvent } from '../../../features/my-events/api/save-event';
import { EventFormScreen } from '../../../features/my-events/components/event-form-screen';
import { myEventsMessages } from '../../../features/my-events/messages';
import { useT } from '../../../lib/i18n';

/** /mon-compte/evenements/nouveau: a new event, step by step on a phone (issue 27 item 2). */
export function NewEventPage() {
  return <EventFormScreen />;
}

/** /mon-compte/evenements/:id/modifier: the same form, filled with the event (404 for someone else's). */
export function EditEventPage() {
  const t = useT(myEventsMessages);
  const { id } = useParams();
  const event = useMyEvent(id);
  if (event.isPending) return <ListLoading label={t('loading')} rows={4} />;
  if (event.isError)
    return (
      <ListError
        title={t('loadEventError')}
        message={event.error.message}
        retryLabel={t('retry')}
        onRetry={() => event.refetch()}
      />
    );
  return <EventFormScreen key={event.data._id} event={event.data} />;
}
