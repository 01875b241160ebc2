import { useQuery } from '@tanstack/react-query';
import { listProjectsResponse } from '../../shared/api/projects';
import { useAuth } from '../auth/auth-provider';
import { apiRequest } from './client';
import { queryKeys } from './query-keys';

/** GET /projects: the caller's projects, newest first. */
export function getProjects(signal?: AbortSignal) {
  return apiRequest(listProjectsResponse, '/projects', { auth: true, signal });
}

export function useProjects() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.projects(user?.userId ?? ''),
    queryFn: ({ signal }) => getProjects(signal),
    enabled: user !== null,
  });
}
