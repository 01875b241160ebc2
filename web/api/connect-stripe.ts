import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  connectStateResponse,
  type StripeConnectBody,
  stripeConnectResponse,
} from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * POST /projects/{projectId}/stripe/connect: hands the code and scope Stripe Connect returned to the
 * server, which exchanges the code and answers the project, now connected.
 */
export function connectStripe(projectId: string, body: StripeConnectBody) {
  return apiRequest(stripeConnectResponse, `/projects/${encodeURIComponent(projectId)}/stripe/connect`, {
    method: 'POST',
    body,
    auth: true,
  });
}

/** POST /projects/{projectId}/stripe/connect-state: the single-use OAuth `state` to send to Stripe. */
export async function createConnectState(projectId: string): Promise<string> {
  const { state } = await apiRequest(
    connectStateResponse,
    `/projects/${encodeURIComponent(projectId)}/stripe/connect-state`,
    { method: 'POST', auth: true },
  );
  return state;
}

export function useConnectStripe() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: ({ projectId, ...body }: StripeConnectBody & { projectId: string }) =>
      connectStripe(projectId, body),
    onSuccess: (project) => {
      if (!user) return;
      queryClient.setQueryData(queryKeys.project(user.userId, project.id), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(user.userId), exact: true });
    },
  });
}
