import { useQuery } from '@tanstack/react-query';
import { myVotesResponse } from '../../shared/api/podcasts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /podcasts/my-votes: the podcasts the caller has upvoted. */
export function getMyVotes(signal?: AbortSignal) {
  return apiRequest(myVotesResponse, '/podcasts/my-votes', { auth: true, signal });
}

/** The caller's votes; disabled when nobody is logged in. */
export function useMyVotes() {
  const { user, isInvestor } = useAuth();
  return useQuery({
    queryKey: queryKeys.myVotes(user?.userId ?? ''),
    queryFn: ({ signal }) => getMyVotes(signal),
    // A founder's records: an investor account has none (the API refuses it).
    enabled: user !== null && !isInvestor,
  });
}
