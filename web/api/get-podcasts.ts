import { useQuery } from '@tanstack/react-query';
import { listPodcastsResponse } from '../../shared/api/podcasts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /podcasts: the board, newest first, with vote counts. */
export function getPodcasts(signal?: AbortSignal) {
  return apiRequest(listPodcastsResponse, '/podcasts', { signal });
}

export function usePodcasts() {
  return useQuery({ queryKey: queryKeys.podcasts, queryFn: ({ signal }) => getPodcasts(signal) });
}
