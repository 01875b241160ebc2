import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stripeConnectResponse } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/**
 * DELETE /projects/{projectId}/stripe/connection: clears the project's connect fields and deletes its
 * connection record (and the ingested transactions); answers the project, not connected.
 */
export function disconnectStripe(projectId: string) {
  return apiRequest(stripeConnectResponse, `/projects/${encodeURIComponent(projectId)}/stripe/connection`, {
    method: 'DELETE',
    auth: true,
  });
}

export function useDisconnectStripe(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => disconnectStripe(projectId),
    onSuccess: (project) => {
      if (!user) return;
      queryClient.setQueryData(queryKeys.project(user.userId, project.id), project);
      queryClient.removeQueries({ queryKey: queryKeys.mrr(user.userId, project.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(user.userId), exact: true });
    },
  });
}
