import { useQuery } from '@tanstack/react-query';
import { movedInvestorResponse } from '../../shared/api/account';
import { useAuth } from '../auth/auth-provider';
import { apiRequest, isNotFound } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /me/moved-investors/{investorId}: the new id of an investor whose old id (before issue 48) the
 * signed-in founder's own data held, or null (404: not an old id of theirs).
 */
export async function getMovedInvestor(investorId: string, signal?: AbortSignal) {
  try {
    const moved = await apiRequest(
      movedInvestorResponse,
      `/me/moved-investors/${encodeURIComponent(investorId)}`,
      { auth: true, signal },
    );
    return moved.id;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Asked only when `ask` (the profile answered 404) and a founder is signed in. */
export function useMovedInvestor(investorId: string, ask: boolean) {
  const { user, isInvestor } = useAuth();
  const userId = user?.userId ?? '';
  return useQuery({
    queryKey: queryKeys.movedInvestor(userId, investorId),
    queryFn: ({ signal }) => getMovedInvestor(investorId, signal),
    enabled: ask && user !== null && !isInvestor,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
