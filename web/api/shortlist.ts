import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  passResponse,
  SHORTLIST_MAX_PAGE_SIZE,
  SHORTLIST_PAGE_SIZE,
  type ShortlistItem,
  type ShortlistResponse,
  shortlistResponse,
} from '../../shared/api/shortlist';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The shortlist's own filters as the page's URL carries them (the search's names), and its two choices. */
export type ShortlistView = Record<string, string>;

const path = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/investors`;

/** GET /projects/{projectId}/investors: one page of the project's investors ranked by fit. */
export function getShortlist(
  projectId: string,
  view: ShortlistView,
  cursor: string | null,
  limit = SHORTLIST_PAGE_SIZE,
  signal?: AbortSignal,
) {
  return apiRequest(shortlistResponse, path(projectId), {
    query: { ...view, cursor, limit },
    auth: true,
    signal,
  });
}

/** The project's shortlist, a page at a time with the cursor. */
export function useShortlist(projectId: string | undefined, view: ShortlistView) {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: queryKeys.shortlist(user?.userId ?? '', projectId ?? '', new URLSearchParams(view).toString()),
    queryFn: ({ pageParam, signal }) =>
      getShortlist(projectId ?? '', view, pageParam, SHORTLIST_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    enabled: user !== null && Boolean(projectId),
  });
}

/** The first `n` investors of the shortlist, best first, in the largest pages the API serves. */
export async function topOfShortlist(
  projectId: string,
  view: ShortlistView,
  n: number,
): Promise<ShortlistItem[]> {
  const items: ShortlistItem[] = [];
  let cursor: string | null = null;
  do {
    const page: ShortlistResponse = await getShortlist(
      projectId,
      view,
      cursor,
      Math.min(SHORTLIST_MAX_PAGE_SIZE, n - items.length),
    );
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor !== null && items.length < n);
  return items.slice(0, n);
}

/** PUT or DELETE /projects/{projectId}/passes/{investorId}: "Not a fit", or taken back. */
export function usePass(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ investorId, passed }: { investorId: string; passed: boolean }) =>
      apiRequest(
        passResponse,
        `/projects/${encodeURIComponent(projectId)}/passes/${encodeURIComponent(investorId)}`,
        {
          method: passed ? 'PUT' : 'DELETE',
          auth: true,
        },
      ),
    onSuccess: () => {
      if (user)
        void queryClient.invalidateQueries({ queryKey: queryKeys.shortlists(user.userId, projectId) });
    },
  });
}
