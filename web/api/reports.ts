import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminReportsResponse,
  type CreateReportBody,
  createReportResponse,
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

/** GET /admin/reports: the open reports, oldest first. */
export function getAdminReports(signal?: AbortSignal) {
  return apiRequest(adminReportsResponse, '/admin/reports', { auth: true, signal });
}

export function useAdminReports() {
  return useQuery({
    queryKey: adminReportsKey,
    queryFn: ({ signal }) => getAdminReports(signal),
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
