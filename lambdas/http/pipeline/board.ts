import { projectIdParams } from '../../../shared/api/params';
import { addEntryBody, entryIdParams, updateEntryBody } from '../../../shared/api/pipeline';
import { pipelineMessages } from '../../../shared/pipeline/stages';
import { NotFoundError } from '../../lib/errors';
import { endpoint, WithStatus } from '../../lib/http';
import { addToPipeline, ownProject, readEntry, readPipeline, updateEntry } from '../../lib/pipeline/pipeline';
import { deleteEntry, getEntry } from '../../lib/table/repositories/pipeline';
import { ensureUserProfile } from '../../lib/table/repositories/users';

/**
 * The pipeline function's area for the board: its entries, added from the directory or privately,
 * moved and edited with versions. A module of its own, loaded at the first request of one of its
 * routes (`lambdas/http/pipeline.ts`).
 */
export const endpoints = {
  'GET /projects/{projectId}/pipeline': endpoint({
    auth: 'user',
    params: projectIdParams,
    handle: async ({ params, caller }) => readPipeline(params.projectId, caller.sub),
  }),

  'POST /projects/{projectId}/pipeline/entries': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: addEntryBody,
    handle: async ({ params, body, caller }) => {
      // The profile holds the address (and the switch) of the daily reminders.
      await ensureUserProfile({ userId: caller.sub, email: caller.email, now: new Date().toISOString() });
      const added = await addToPipeline(params.projectId, caller.sub, body);
      return new WithStatus(added.created ? 201 : 200, added);
    },
  }),

  'GET /projects/{projectId}/pipeline/entries/{entryId}': endpoint({
    auth: 'user',
    params: entryIdParams,
    handle: async ({ params, caller }) => readEntry(params.projectId, params.entryId, caller.sub),
  }),

  'PATCH /projects/{projectId}/pipeline/entries/{entryId}': endpoint({
    auth: 'user',
    params: entryIdParams,
    body: updateEntryBody,
    handle: async ({ params, body, caller }) =>
      updateEntry(params.projectId, params.entryId, caller.sub, body),
  }),

  'DELETE /projects/{projectId}/pipeline/entries/{entryId}': endpoint({
    auth: 'user',
    params: entryIdParams,
    handle: async ({ params, caller }) => {
      await ownProject(params.projectId, caller.sub);
      if (!(await getEntry(params.projectId, params.entryId)))
        throw new NotFoundError(pipelineMessages.notFound);
      await deleteEntry(params.projectId, params.entryId);
      return { deleted: params.entryId };
    },
  }),
};
