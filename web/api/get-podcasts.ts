import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  deletePodcastResponse,
  hiddenPodcastsResponse,
  type ListPodcastsResponse,
  listPodcastsResponse,
  moderatePodcastResponse,
  PODCAST_PAGE_SIZE,
  type PodcastView,
} from '../../shared/api/podcasts';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

export type PodcastBoardSort = 'votes' | 'newest';

/** GET /podcasts?sort=&cursor=: one page of the board, most upvoted or newest first. */
export function getPodcasts(sort: PodcastBoardSort, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(listPodcastsResponse, '/podcasts', {
    query: { sort, cursor, limit: PODCAST_PAGE_SIZE },
    signal,
  });
}

/** The board in the chosen order, a page at a time ("Load more podcasts"). */
export function usePodcasts(sort: PodcastBoardSort) {
  return useInfiniteQuery({
    queryKey: queryKeys.podcastBoard(sort),
    queryFn: ({ pageParam, signal }) => getPodcasts(sort, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
  });
}

/** Writes a podcast's new vote count into every loaded page of the board, whatever its order. */
export function updatePodcastOnBoards(
  queryClient: ReturnType<typeof useQueryClient>,
  podcastId: string,
  change: (podcast: PodcastView) => PodcastView,
) {
  queryClient.setQueriesData<InfiniteData<ListPodcastsResponse>>({ queryKey: queryKeys.podcasts }, (board) =>
    board?.pages
      ? {
          ...board,
          pages: board.pages.map((page) => ({
            ...page,
            podcasts: page.podcasts.map((p) => (p.id === podcastId ? change(p) : p)),
          })),
        }
      : board,
  );
}

/** GET /admin/podcasts/hidden: what admins have hidden (admins only). */
export function useHiddenPodcasts(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.hiddenPodcasts,
    queryFn: ({ signal }) =>
      apiRequest(hiddenPodcastsResponse, '/admin/podcasts/hidden', { auth: true, signal }),
    enabled,
  });
}

/** An admin hides a podcast, shows it again, or deletes it; the board and the hidden list are read again. */
export function useModeratePodcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      podcastId,
      action,
    }: {
      podcastId: string;
      action: 'hide' | 'show' | 'delete';
    }): Promise<unknown> =>
      action === 'delete'
        ? apiRequest(deletePodcastResponse, `/admin/podcasts/${encodeURIComponent(podcastId)}`, {
            method: 'DELETE',
            auth: true,
          })
        : apiRequest(moderatePodcastResponse, `/admin/podcasts/${encodeURIComponent(podcastId)}/${action}`, {
            method: 'POST',
            auth: true,
          }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.podcasts }),
        queryClient.invalidateQueries({ queryKey: queryKeys.hiddenPodcasts }),
      ]);
    },
  });
}
