import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProjectResponse } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** DELETE /projects/{projectId}: deletes the caller's project and its payment connection. */
export function deleteProject(projectId: string) {
  return apiRequest(deleteProjectResponse, `/projects/${encodeURIComponent(projectId)}`, {
    method: 'DELETE',
    auth: true,
  });
}

export function useDeleteProject(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: () => deleteProject(projectId),
    onSuccess: () => {
      if (!user) return;
      queryClient.removeQueries({ queryKey: queryKeys.project(user.userId, projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(user.userId), exact: true });
    },
  });
}
