import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deletePodcastResponse,
  type ListPodcastBody,
  listPodcastResponse,
  myVotesResponse,
} from '../../shared/api/podcasts';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /podcasts/mine: the ids of the podcasts the caller listed (theirs to edit or delete). */
export function useMyPodcasts() {
  const { user, isInvestor } = useAuth();
  return useQuery({
    queryKey: queryKeys.myPodcasts(user?.userId ?? ''),
    queryFn: ({ signal }) => apiRequest(myVotesResponse, '/podcasts/mine', { auth: true, signal }),
    // A founder's records: an investor account has none (the API refuses it).
    enabled: user !== null && !isInvestor,
  });
}

/** PATCH /podcasts/{podcastId}: the lister's edit, with the listing form's fields. */
export function useEditPodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ podcastId, ...body }: ListPodcastBody & { podcastId: string }) =>
      apiRequest(listPodcastResponse, `/podcasts/${encodeURIComponent(podcastId)}`, {
        method: 'PATCH',
        body,
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.podcasts }),
  });
}

/** DELETE /podcasts/{podcastId}: the lister takes their podcast off the board. */
export function useDeletePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (podcastId: string) =>
      apiRequest(deletePodcastResponse, `/podcasts/${encodeURIComponent(podcastId)}`, {
        method: 'DELETE',
        auth: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.podcasts }),
  });
}
