import { useQuery } from '@tanstack/react-query';
import { getInvestorResponse } from '../../shared/api/directory';
import { apiRequest, isNotFound } from './client';
import { queryKeys } from './query-keys';

/** GET /investors/{investorId}: the investor's public profile, or null when there is none (404). */
export async function getInvestor(investorId: string, signal?: AbortSignal) {
  try {
    return await apiRequest(getInvestorResponse, `/investors/${encodeURIComponent(investorId)}`, { signal });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function useInvestor(investorId: string) {
  return useQuery({
    queryKey: queryKeys.investor(investorId),
    queryFn: ({ signal }) => getInvestor(investorId, signal),
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
