import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApproveSubmissionBody,
  investorSubmissionsResponse,
  type RejectSubmissionBody,
  reviewDecisionResponse,
} from '../../shared/api/investor-review';
import { apiRequest } from './client';

export const investorSubmissionsKey = ['admin', 'investor-submissions'] as const;

/** GET /admin/investor-submissions: the profiles waiting for review, oldest first (issue 21). */
export function getInvestorSubmissions(signal?: AbortSignal) {
  return apiRequest(investorSubmissionsResponse, '/admin/investor-submissions', { auth: true, signal });
}

export function useInvestorSubmissions() {
  return useQuery({
    queryKey: investorSubmissionsKey,
    queryFn: ({ signal }) => getInvestorSubmissions(signal),
    staleTime: 0,
  });
}

const decision = (userId: string, action: 'approve' | 'reject', body: unknown) =>
  apiRequest(reviewDecisionResponse, `/admin/investor-submissions/${encodeURIComponent(userId)}/${action}`, {
    method: 'POST',
    body,
    auth: true,
  });

/** POST /admin/investor-submissions/{userId}/approve: the version read, with the admin's edits if any. */
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
