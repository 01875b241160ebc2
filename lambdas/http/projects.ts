import {
  createProjectBody,
  listProjectsResponse,
  projectIdParams,
  toProjectView,
  updateProjectBody,
} from '../../shared/api/projects';
import { newProject } from '../../shared/projects/project';
import { NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import {
  createProject,
  getProjectOfCreator,
  listProjectsOfCreator,
  newProjectId,
  type ProjectWithConnection,
  updateProjectOfCreator,
} from '../lib/table/repositories/projects';
import { onTheList } from '../lib/taxonomy-checks';

/** Someone else's project answers as a missing one: its existence is not revealed. */
const projectNotFound = () => new NotFoundError('Project not found');

const view = ({ project, connection }: ProjectWithConnection) => toProjectView(project, connection);

/**
 * Startup projects: only the creator may read or change one. Their payment connection and insights
 * are `stripe-connect.ts`, another function, so that this one does not load the Stripe SDK.
 */
export const handler = httpHandler('projects', {
  'GET /projects': endpoint({
    auth: 'user',
    handle: async ({ caller }) =>
      listProjectsResponse.parse({ projects: (await listProjectsOfCreator(caller.sub)).map(view) }),
  }),

  'POST /projects': endpoint({
    auth: 'user',
    body: createProjectBody,
    status: 201,
    handle: async ({ body, caller }) => {
      const project = await createProject(
        newProject(body, { id: newProjectId(), creatorUserId: caller.sub, now: new Date() }),
      );
      return toProjectView(project, null);
    },
  }),

  'GET /projects/{projectId}': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      const found = await getProjectOfCreator(params.projectId, caller.sub);
      if (!found) throw projectNotFound();
      return view(found);
    },
  }),

  'PATCH /projects/{projectId}': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: updateProjectBody,
    handle: async ({ params, body, caller }) => {
      const updated = await updateProjectOfCreator(params.projectId, caller.sub, {
        ...body,
        // Sectors from the taxonomy's list (any spelling of an entry), or the 400 naming the one off it.
        ...(body.sectors === undefined ? {} : { sectors: await onTheList('sector', body.sectors) }),
        updatedAt: new Date().toISOString(),
      });
      if (!updated) throw projectNotFound();
      return view(updated);
    },
  }),
});
