import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ListPodcastBody, listPodcastResponse } from '../../shared/api/podcasts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** POST /podcasts: lists a podcast (the form's fields; participants as comma-separated text). */
export function createPodcast(body: ListPodcastBody) {
  return apiRequest(listPodcastResponse, '/podcasts', { method: 'POST', body, auth: true });
}

export function useCreatePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPodcast,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.podcasts }),
  });
}
