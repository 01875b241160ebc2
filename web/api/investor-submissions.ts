import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApproveSubmissionBody,
  investorSubmissionsResponse,
  type RejectSubmissionBody,
  reviewDecisionResponse,
} from '../../shared/api/investor-review';
import { apiRequest } from './client';

export const investorSubmissionsKey = ['admin', 'investor-submissions'] as const;

/** Submissions per page of the queue. */
export const SUBMISSIONS_PER_PAGE = 20;

/** GET /admin/investor-submissions?cursor=&limit=: one page of the queue, oldest first (issues 21, 30). */
export function getInvestorSubmissions(cursor: string | null, signal?: AbortSignal) {
  return apiRequest(investorSubmissionsResponse, '/admin/investor-submissions', {
    auth: true,
    query: { cursor, limit: SUBMISSIONS_PER_PAGE },
    signal,
  });
}

/** The queue, a page at a time ("Load more profiles"). */
export function useInvestorSubmissions() {
  return useInfiniteQuery({
    queryKey: investorSubmissionsKey,
    queryFn: ({ pageParam, signal }) => getInvestorSubmissions(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    staleTime: 0,
  });
}

const decision = (userId: string, action: 'approve' | 'reject', body: unknown) =>
  apiRequest(reviewDecisionResponse, `/admin/investor-submissions/${encodeURIComponent(userId)}/${action}`, {
    method: 'POST',
    body,
    auth: true,
  });

/**
 * POST /admin/investor-submissions/{userId}/approve: the version read, with the admin's edits if any
 * and, to join an existing entry, the admin's decision (`joinInvestorId`).
 */
export function approveSubmission(input: { userId: string; body: ApproveSubmissionBody }) {
  return decision(input.userId, 'approve', input.body);
}

/** POST /admin/investor-submissions/{userId}/reject: the version read and the reason for the investor. */
export function rejectSubmission(input: { userId: string; body: RejectSubmissionBody }) {
  return decision(input.userId, 'reject', input.body);
}

export function useApproveSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: investorSubmissionsKey }),
  });
}

export function useRejectSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectSubmission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: investorSubmissionsKey }),
  });
}
