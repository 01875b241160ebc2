import { projectIdParams } from '../../../shared/api/params';
import { exportQuery, importRowsBody, matchRowsBody } from '../../../shared/api/pipeline';
import { endpoint } from '../../lib/http';
import { takeFounderSlot } from '../../lib/limits/founder-limits';
import { exportPipeline, importRows, matchRows } from '../../lib/pipeline/pipeline';
import { ensureUserProfile } from '../../lib/table/repositories/users';

/**
 * The pipeline function's area for the spreadsheet import (matches, then the import) and the CRM
 * export. A module of its own, loaded at the first request of one of its routes
 * (`lambdas/http/pipeline.ts`).
 */
export const endpoints = {
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
    handle: async ({ params, body, caller }) => {
      await takeFounderSlot(caller.sub, 'pipelineImport', new Date());
      return { rows: await matchRows(params.projectId, caller.sub, body.rows) };
    },
  }),

  'POST /projects/{projectId}/pipeline/import': endpoint({
    auth: 'user',
    params: projectIdParams,
    body: importRowsBody,
    handle: async ({ params, body, caller }) => {
      await takeFounderSlot(caller.sub, 'pipelineImport', new Date());
      await ensureUserProfile({ userId: caller.sub, email: caller.email, now: new Date().toISOString() });
      return { lines: await importRows(params.projectId, caller.sub, body.rows, body.accepted) };
    },
  }),
};
