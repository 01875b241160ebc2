import { useQuery } from '@tanstack/react-query';
import { portalSchema } from '../../shared/api/directory';
import { apiRequest, isNotFound } from './client';
import { queryKeys } from './query-keys';

/** GET /portals/{portalId}: the investor portal, or null when there is no such portal (404). */
export async function getPortal(portalId: string, signal?: AbortSignal) {
  try {
    return await apiRequest(portalSchema, `/portals/${encodeURIComponent(portalId)}`, { signal });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function usePortal(portalId: string | null) {
  return useQuery({
    queryKey: queryKeys.portal(portalId ?? ''),
    queryFn: ({ signal }) => getPortal(portalId ?? '', signal),
    enabled: portalId !== null,
    staleTime: 30 * 60_000,
    retry: 1,
  });
}
