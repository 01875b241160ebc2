import {
  createProjectBody,
  deleteProjectResponse,
  listProjectsResponse,
  mrrResponse,
  projectIdParams,
  stripeConnectBody,
  syncTransactionsBody,
  syncTransactionsResponse,
  toProjectView,
  updateProjectBody,
} from '../../shared/api/projects';
import { newProject } from '../../shared/projects/project';
import { NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { syncProjectTransactions } from '../lib/insights/ingest';
import { projectMrr } from '../lib/insights/mrr';
import { connectProjectToStripe, disconnectProjectFromStripe } from '../lib/insights/stripe-connect';
import {
  createProject,
  deleteProjectOfCreator,
  getProjectOfCreator,
  listProjectsOfCreator,
  newProjectId,
  type ProjectWithConnection,
  updateProjectOfCreator,
} from '../lib/table/repositories/projects';

/** Someone else's project answers as a missing one: its existence is not revealed. */
const projectNotFound = () => new NotFoundError('Project not found');

const view = ({ project, connection }: ProjectWithConnection) => toProjectView(project, connection);

/** Startup projects, their payment connection and insights: only the creator may read or act on one. */
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
        updatedAt: new Date().toISOString(),
      });
      if (!updated) throw projectNotFound();
      return view(updated);
    },
  }),

  'DELETE /projects/{projectId}': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      if (!(await deleteProjectOfCreator(params.projectId, caller.sub))) throw projectNotFound();
      return deleteProjectResponse.parse({ deleted: true });
    },
  }),

  'POST /projects/{projectId}/stripe/connect': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: stripeConnectBody,
    handle: async ({ params, body, caller }) => {
      const connected = await connectProjectToStripe(params.projectId, caller.sub, body, new Date());
      if (!connected) throw projectNotFound();
      return view(connected);
    },
  }),

  'DELETE /projects/{projectId}/stripe/connection': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      const disconnected = await disconnectProjectFromStripe(params.projectId, caller.sub);
      if (!disconnected) throw projectNotFound();
      return view(disconnected);
    },
  }),

  'POST /projects/{projectId}/stripe/transactions/sync': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: syncTransactionsBody,
    handle: async ({ params, caller }) => {
      const synced = await syncProjectTransactions(params.projectId, caller.sub, new Date());
      if (!synced) throw projectNotFound();
      return syncTransactionsResponse.parse(synced);
    },
  }),

  'GET /projects/{projectId}/insights/mrr': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => {
      const mrr = await projectMrr(params.projectId, caller.sub, new Date());
      if (!mrr) throw projectNotFound();
      return mrrResponse.parse(mrr);
    },
  }),
});
