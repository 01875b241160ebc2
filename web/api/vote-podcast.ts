import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MyVotesResponse, voteResponse } from '../../shared/api/podcasts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { updatePodcastOnBoards } from './get-podcasts';
import { queryKeys } from './query-keys';

/** POST /podcasts/{podcastId}/vote: toggles the caller's upvote. */
export function votePodcast(podcastId: string) {
  return apiRequest(voteResponse, `/podcasts/${encodeURIComponent(podcastId)}/vote`, {
    method: 'POST',
    auth: true,
  });
}

/** Toggles a vote and writes the server's answer (count and whether I voted) into the cached board. */
export function useVotePodcast() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: votePodcast,
    onSuccess: (result, podcastId) => {
      updatePodcastOnBoards(queryClient, podcastId, (p) => ({ ...p, voteCount: result.voteCount }));
      if (user) {
        queryClient.setQueryData<MyVotesResponse>(queryKeys.myVotes(user.userId), (votes) => {
          const ids = new Set(votes?.podcastIds ?? []);
          if (result.voted) ids.add(podcastId);
          else ids.delete(podcastId);
          return { podcastIds: [...ids] };
        });
      }
    },
  });
}
