import {
  createProjectBody,
  listProjectsResponse,
  projectIdParams,
  toProjectView,
  updateProjectBody,
} from '../../shared/api/projects';
import { newProject } from '../../shared/projects/project';
import type { Raise } from '../../shared/projects/raise';
import { raiseInPlaces } from '../../shared/shortlist/places-port';
import { BadRequestError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import {
  createProject,
  getProjectOfCreator,
  listProjectsOfCreator,
  newProjectId,
  updateProjectOfCreator,
} from '../lib/table/repositories/projects';
import { onTheList } from '../lib/taxonomy-checks';
import { projectNotFound, projectView } from './project-answers';

/** A raise's places in the taxonomy's words, or the 400 naming a country it does not know. */
function raiseOnTaxonomy(raise: Raise): Raise {
  const placed = raiseInPlaces(raise);
  if (!placed.ok) throw new BadRequestError(placed.message);
  return placed.raise;
}

/**
 * Startup projects: only the creator may read or change one. Their payment connection and insights
 * are `stripe-connect.ts`, another function, so that this one does not load the Stripe SDK.
 */
export const handler = httpHandler(
  'projects',
  {
    'GET /projects': endpoint({
      auth: 'user',
      handle: async ({ caller }) =>
        listProjectsResponse.parse({ projects: (await listProjectsOfCreator(caller.sub)).map(projectView) }),
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
        return projectView(found);
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
          // The raise's country and city in the taxonomy's words (issue 35), or the 400 saying what to do.
          ...(body.raise ? { raise: raiseOnTaxonomy(body.raise) } : {}),
          updatedAt: new Date().toISOString(),
        });
        if (!updated) throw projectNotFound();
        return projectView(updated);
      },
    }),
  },
  { isInvestorAccount },
);
