import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  draftResponse,
  type SendUpdateBody,
  sendUpdateResponse,
  updateDetailResponse,
  updatesResponse,
  updateUnsubscribeResponse,
  webCopyResponse,
} from '../../shared/api/updates';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';

/** Monthly investor updates (issue 53): `lambdas/http/updates.ts`. */

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/updates`;
const keys = {
  all: (userId: string, projectId: string) => ['user', userId, 'projects', projectId, 'updates'] as const,
  draft: (userId: string, projectId: string) =>
    ['user', userId, 'projects', projectId, 'updates', 'draft'] as const,
  one: (userId: string, projectId: string, updateId: string) =>
    ['user', userId, 'projects', projectId, 'updates', 'one', updateId] as const,
};

export function useUpdates(projectId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.all(user?.userId ?? '', projectId),
    queryFn: ({ signal }) => apiRequest(updatesResponse, base(projectId), { auth: true, signal }),
    enabled: user !== null && projectId !== '',
    // An update just sent is sending for a few seconds: its figures follow until it is sent.
    refetchInterval: (query) =>
      query.state.data?.updates.some((u) => u.status === 'sending') ? 2000 : false,
  });
}

export function useUpdateDraft(projectId: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.draft(user?.userId ?? '', projectId),
    queryFn: ({ signal }) => apiRequest(draftResponse, `${base(projectId)}/draft`, { auth: true, signal }),
    enabled: user !== null && projectId !== '',
  });
}

export function useUpdateDetail(projectId: string, updateId: string | null) {
  const { user } = useAuth();
  return useQuery({
    queryKey: keys.one(user?.userId ?? '', projectId, updateId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(updateDetailResponse, `${base(projectId)}/${encodeURIComponent(updateId ?? '')}`, {
        auth: true,
        signal,
      }),
    enabled: user !== null && projectId !== '' && updateId !== null,
  });
}

export function useSendUpdate(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: SendUpdateBody) =>
      apiRequest(sendUpdateResponse, base(projectId), { method: 'POST', body, auth: true }),
    onSuccess: () => {
      if (user) void queryClient.invalidateQueries({ queryKey: keys.all(user.userId, projectId) });
    },
  });
}

/** The public web copy; `recipientToken` (the `r` of an email's link) records that recipient's open. */
export function useWebCopy(token: string, recipientToken: string | null) {
  return useQuery({
    queryKey: ['public', 'update-copies', token, recipientToken ?? ''] as const,
    queryFn: ({ signal }) =>
      apiRequest(webCopyResponse, `/update-copies/${encodeURIComponent(token)}`, {
        query: { r: recipientToken },
        signal,
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUpdateUnsubscribeStatus(token: string) {
  return useQuery({
    queryKey: ['public', 'update-unsubscribe', token] as const,
    queryFn: ({ signal }) =>
      apiRequest(updateUnsubscribeResponse, '/update-unsubscribe', { query: { token }, signal }),
    enabled: token !== '',
    retry: false,
  });
}

export function useUpdateUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(updateUnsubscribeResponse, '/update-unsubscribe', { method: 'POST', query: { token } }),
    onSuccess: (answer) => queryClient.setQueryData(['public', 'update-unsubscribe', token], answer),
  });
}
