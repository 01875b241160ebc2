import { listProjectsResponse, projectIdParams } from '../../../shared/api/projects';
import { endpoint } from '../../lib/http';
import { getProjectOfCreator, listProjectsOfCreator } from '../../lib/table/repositories/projects';
import { projectNotFound, projectView } from '../project-answers';

/**
 * The projects function's area for a founder's projects as they read them: the list and one
 * project. A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/projects.ts`).
 */
export const endpoints = {
  'GET /projects': endpoint({
    auth: 'user',
    handle: async ({ caller }) =>
      listProjectsResponse.parse({ projects: (await listProjectsOfCreator(caller.sub)).map(projectView) }),
  }),

  'GET /projects/{projectId}': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      const found = await getProjectOfCreator(params.projectId, caller.sub);
      if (!found) throw projectNotFound();
      return projectView(found);
    },
  }),
};
