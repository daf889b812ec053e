import { idParamsSchema } from '@app/shared/common';
import { eventResponseSchema } from '@app/shared/events';
import { SIGNED_IN_ERRORS } from '../../lib/route-kit';

/**
 * What the schema of every route acting on one event and answering `{ message, event }` shares
 * (the events' routes, the approval queue's): its tag, the `:id` parameter, the answer and the
 * errors. A route adds its summary and body, and replaces `params` or `response` where it has more.
 */
export const ONE_EVENT_ANSWER = {
  tags: ['events'],
  params: idParamsSchema,
  response: { 200: eventResponseSchema, ...SIGNED_IN_ERRORS },
};
