import type { CustomisationAccess, ShortAddressAvailability } from '@app/shared/events';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { myEventKeys } from './keys';

/** `GET /api/events/customisation`: whether this account may customise its event pages (premium, decision 056). */
export function useCustomisationAccess() {
  return useQuery({
    queryKey: [...myEventKeys.all, 'customisation'] as const,
    queryFn: ({ signal }) => apiRequest<CustomisationAccess>('/events/customisation', { signal }),
    staleTime: 60_000,
  });
}

/** `GET /api/events/short-addresses/{address}`: free, or why not (the event's own address is free for it). */
export function checkShortAddress(address: string, eventId: string | undefined, signal?: AbortSignal) {
  const query = eventId ? `?eventId=${encodeURIComponent(eventId)}` : '';
  return apiRequest<ShortAddressAvailability>(`/events/short-addresses/${encodeURIComponent(address)}${query}`, { signal });
}
