import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateProjectBody, createProjectBody, projectViewSchema } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** The 'List a New Project' form's input schema (name and description required). */
export const createProjectInput = createProjectBody;

/** POST /projects: creates a project of the caller, with no statuses or sectors yet. */
export function createProject(body: CreateProjectBody) {
  return apiRequest(projectViewSchema, '/projects', { method: 'POST', body, auth: true });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      if (!user) return;
      queryClient.setQueryData(queryKeys.project(user.userId, project.id), project);
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects(user.userId), exact: true });
    },
  });
}
