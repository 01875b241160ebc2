import { useQuery } from '@tanstack/react-query';
import { projectViewSchema } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /projects/{projectId}: one of the caller's projects (404 for anyone else's). */
export function getProject(projectId: string, signal?: AbortSignal) {
  return apiRequest(projectViewSchema, `/projects/${encodeURIComponent(projectId)}`, { auth: true, signal });
}

export function useProject(projectId: string | undefined) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.project(user?.userId ?? '', projectId ?? ''),
    queryFn: ({ signal }) => getProject(projectId ?? '', signal),
    enabled: user !== null && projectId !== undefined && projectId !== '',
  });
}
