/** Query keys of 'Mes évènements'; every write of the organiser's events invalidates `myEventKeys.all`. */
export const myEventKeys = {
  all: ['my-events'] as const,
  list: (params: object) => ['my-events', 'list', params] as const,
  /** One event (`GET /api/events/{id}`): the edit form's and the hub's. */
  detail: (id: string | undefined) => ['my-events', 'detail', id] as const,
};
