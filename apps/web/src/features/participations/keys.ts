import type { MyParticipationsQuery } from '@app/shared/community';

export const participationKeys = {
  all: ['my-participations'] as const,
  list: (query: MyParticipationsQuery) => ['my-participations', query.period, query.page] as const,
};
