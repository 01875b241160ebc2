import { projectIdParams } from '../../shared/api/params';
import {
  addEntryBody,
  entryIdParams,
  exportQuery,
  importRowsBody,
  matchRowsBody,
  updateEntryBody,
} from '../../shared/api/pipeline';
import { pipelineMessages } from '../../shared/pipeline/stages';
import { NotFoundError } from '../lib/errors';
import { endpoint, httpHandler, WithStatus } from '../lib/http';
import {
  addToPipeline,
  exportPipeline,
  importRows,
  matchRows,
  ownProject,
  readEntry,
  readPipeline,
  updateEntry,
} from '../lib/pipeline/pipeline';
import { isInvestorAccount } from '../lib/table/repositories/investor-accounts';
import { deleteEntry, getEntry } from '../lib/table/repositories/pipeline';
import { ensureUserProfile } from '../lib/table/repositories/users';

/**
 * A project's fundraising pipeline (issue 36): the board, adding investors (directory or private),
 * moves and edits with versions, the spreadsheet import and the CRM export. Only the project's creator.
 */
export const handler = httpHandler(
  'pipeline',
  {
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

    'GET /projects/{projectId}/pipeline/export': endpoint({
      auth: 'user',
      params: projectIdParams,
      query: exportQuery,
      handle: async ({ params, query, caller }) => exportPipeline(params.projectId, caller.sub, query.format),
    }),

    'POST /projects/{projectId}/pipeline/import/matches': endpoint({
      auth: 'user',
      params: projectIdParams,
      body: matchRowsBody,
      handle: async ({ params, body, caller }) => ({
        rows: await matchRows(params.projectId, caller.sub, body.rows),
      }),
    }),

    'POST /projects/{projectId}/pipeline/import': endpoint({
      auth: 'user',
      params: projectIdParams,
      body: importRowsBody,
      handle: async ({ params, body, caller }) => {
        await ensureUserProfile({ userId: caller.sub, email: caller.email, now: new Date().toISOString() });
        return { lines: await importRows(params.projectId, caller.sub, body.rows, body.accepted) };
      },
    }),
  },
  { isInvestorAccount },
);
