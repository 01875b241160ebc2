import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectViewSchema, type UpdateProjectBody, updateProjectBody } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The 'Edit Project' form's input schema. */
export const updateProjectInput = updateProjectBody;

/** PATCH /projects/{projectId}: changes the given fields of the caller's project. */
export function updateProject(projectId: string, body: UpdateProjectBody) {
  return apiRequest(projectViewSchema, `/projects/${encodeURIComponent(projectId)}`, {
    method: 'PATCH',
    body,
    auth: true,
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => updateProject(projectId, body),
    onSuccess: (project) => {
      if (!user) return;
      queryClient.setQueryData(queryKeys.project(user.userId, project.id), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(user.userId), exact: true });
    },
  });
}
