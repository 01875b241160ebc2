import {
  createProjectBody,
  projectIdParams,
  toProjectView,
  updateProjectBody,
} from '../../../shared/api/projects';
import { newProject } from '../../../shared/projects/project';
import type { Raise } from '../../../shared/projects/raise';
import { raiseInPlaces } from '../../../shared/shortlist/places-port';
import { BadRequestError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { createProject, newProjectId, updateProjectOfCreator } from '../../lib/table/repositories/projects';
import { onTheList } from '../../lib/taxonomy-checks';
import { projectNotFound, projectView } from '../project-answers';

/** A raise's places in the taxonomy's words, or the 400 naming a country it does not know. */
function raiseOnTaxonomy(raise: Raise): Raise {
  const placed = raiseInPlaces(raise);
  if (!placed.ok) throw new BadRequestError(placed.message);
  return placed.raise;
}

/**
 * The projects function's area for creating and changing a project: its sectors and its raise's
 * places are checked against the taxonomy (which loads the places). A module of its own, loaded at
 * the first request of one of its routes (`lambdas/http/projects.ts`).
 */
export const endpoints = {
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
};
