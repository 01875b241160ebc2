import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminWithdrawalSchema,
  adminWithdrawalsResponse,
  type CloseCorrectionBody,
  type ConfirmDataRequestBody,
  type CreateDataRequestBody,
  correctionRequestSchema,
  correctionRequestsResponse,
  dataRequestConfirmedSchema,
  dataRequestCreatedSchema,
  type RestoreWithdrawalBody,
} from '../../shared/api/investor-requests';
import { apiRequest } from './client';

/** "This is me" (issue 30) and the admins' views of its results: withdrawals and corrections. */

/** POST /investors/{investorId}/data-requests (public): a code to the email the directory holds. */
export function createDataRequest(input: { investorId: string; body: CreateDataRequestBody }) {
  return apiRequest(
    dataRequestCreatedSchema,
    `/investors/${encodeURIComponent(input.investorId)}/data-requests`,
    {
      method: 'POST',
      body: input.body,
    },
  );
}

/** POST /data-requests/{requestId}/confirm (public): the code carries the request out. */
export function confirmDataRequest(input: { requestId: string; body: ConfirmDataRequestBody }) {
  return apiRequest(
    dataRequestConfirmedSchema,
    `/data-requests/${encodeURIComponent(input.requestId)}/confirm`,
    {
      method: 'POST',
      body: input.body,
    },
  );
}

export const useCreateDataRequest = () => useMutation({ mutationFn: createDataRequest });
export const useConfirmDataRequest = () => useMutation({ mutationFn: confirmDataRequest });

export const withdrawalsKey = ['admin', 'withdrawals'] as const;
export const correctionsKey = ['admin', 'correction-requests'] as const;
export const ADMIN_LIST_PAGE = 20;

/** GET /admin/withdrawals: every withdrawal, the latest first, a page at a time. */
export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: withdrawalsKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(adminWithdrawalsResponse, '/admin/withdrawals', {
        auth: true,
        query: { cursor: pageParam, limit: ADMIN_LIST_PAGE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    staleTime: 0,
  });
}

/** POST /admin/withdrawals/{investorId}/restore: why (recorded with who and when). */
export function useRestoreWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { investorId: string; body: RestoreWithdrawalBody }) =>
      apiRequest(
        adminWithdrawalSchema,
        `/admin/withdrawals/${encodeURIComponent(input.investorId)}/restore`,
        {
          method: 'POST',
          body: input.body,
          auth: true,
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalsKey }),
  });
}

/** GET /admin/correction-requests: the open ones, oldest first, a page at a time. */
export function useCorrectionRequests() {
  return useInfiniteQuery({
    queryKey: correctionsKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(correctionRequestsResponse, '/admin/correction-requests', {
        auth: true,
        query: { cursor: pageParam, limit: ADMIN_LIST_PAGE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.cursor ?? undefined,
    staleTime: 0,
  });
}

/** POST /admin/correction-requests/{requestId}/close: what was done (recorded with who and when). */
export function useCloseCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { requestId: string; body: CloseCorrectionBody }) =>
      apiRequest(
        correctionRequestSchema,
        `/admin/correction-requests/${encodeURIComponent(input.requestId)}/close`,
        {
          method: 'POST',
          body: input.body,
          auth: true,
        },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: correctionsKey }),
  });
}
