import {
  createImportBody,
  createImportResponse,
  importJobParams,
  importJobResponse,
  recentImportsResponse,
} from '../../../shared/api/imports';
import { endpoint } from '../../lib/http';
import {
  cancelImportJob,
  createImportJob,
  requireImportJob,
  settleCancelledImport,
  startImportJob,
} from '../../lib/imports/import-jobs';
import { listImportJobs } from '../../lib/table/repositories/imports';

/**
 * The admin function's area for cSV imports: upload, start, cancel, publish, discard. A module of
 * its own, loaded at the first request of one of its routes (`lambdas/http/admin.ts`).
 */
export const endpoints = {
  'POST /admin/imports': endpoint({
    auth: 'admin',
    body: createImportBody,
    status: 201,
    handle: async ({ body, caller }) => createImportResponse.parse(await createImportJob(body, caller.sub)),
  }),

  'GET /admin/imports': endpoint({
    auth: 'admin',
    handle: async () => recentImportsResponse.parse({ jobs: await listImportJobs(20) }),
  }),

  'GET /admin/imports/{jobId}': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) => importJobResponse.parse({ job: await requireImportJob(params.jobId) }),
  }),

  'POST /admin/imports/{jobId}/start': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) => importJobResponse.parse({ job: await startImportJob(params.jobId) }),
  }),

  'POST /admin/imports/{jobId}/cancel': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) => importJobResponse.parse({ job: await cancelImportJob(params.jobId) }),
  }),

  'POST /admin/imports/{jobId}/publish': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) =>
      importJobResponse.parse({ job: await settleCancelledImport(params.jobId, 'publish') }),
  }),

  'POST /admin/imports/{jobId}/discard': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) =>
      importJobResponse.parse({ job: await settleCancelledImport(params.jobId, 'discard') }),
  }),
};
