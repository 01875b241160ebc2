import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminReportsResponse,
  type CreateReportBody,
  createReportResponse,
  REPORTS_PAGE_SIZE,
  type ResolveReportBody,
  resolveReportResponse,
} from '../../shared/api/reports';
import { apiRequest } from './client';

/** POST /investors/{investorId}/reports: a founder reports an investor's data as wrong (issue 20). */
export function reportInvestor(input: { investorId: string; body: CreateReportBody }) {
  return apiRequest(createReportResponse, `/investors/${encodeURIComponent(input.investorId)}/reports`, {
    method: 'POST',
    body: input.body,
    auth: true,
  });
}

export function useReportInvestor() {
  return useMutation({ mutationFn: reportInvestor });
}

export const adminReportsKey = ['admin', 'reports'] as const;

/** GET /admin/reports?cursor=&limit=: one page of the open reports, oldest first. */
export function getAdminReports(cursor: string | null, signal?: AbortSignal) {
  return apiRequest(adminReportsResponse, '/admin/reports', {
    query: { cursor, limit: REPORTS_PAGE_SIZE },
    auth: true,
    signal,
  });
}

/**
 * The queue a page at a time ("Load more reports"). After a resolution every loaded page is read
 * again, each from the cursor the page before it now answers, so no report shows twice or is skipped.
 */
export function useAdminReports() {
  return useInfiniteQuery({
    queryKey: adminReportsKey,
    queryFn: ({ pageParam, signal }) => getAdminReports(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    staleTime: 0,
  });
}

/** POST /admin/reports/{reportId}/resolve: correct, remove, confirm or dismiss, once. */
export function resolveReport(input: { reportId: string; body: ResolveReportBody }) {
  return apiRequest(resolveReportResponse, `/admin/reports/${encodeURIComponent(input.reportId)}/resolve`, {
    method: 'POST',
    body: input.body,
    auth: true,
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReportsKey }),
  });
}
