import {
  adminWithdrawalSchema,
  adminWithdrawalsResponse,
  closeCorrectionBody,
  correctionParams,
  correctionRequestSchema,
  correctionRequestsResponse,
  requestsPageQuery,
  restoreWithdrawalBody,
  withdrawalParams,
} from '../../../shared/api/investor-requests';
import {
  approveSubmissionBody,
  investorSubmissionsResponse,
  rejectSubmissionBody,
  reviewDecisionResponse,
  submissionParams,
  submissionsQuery,
} from '../../../shared/api/investor-review';
import { INVALID_CURSOR } from '../../../shared/api/paging';
import {
  adminReportsQuery,
  adminReportsResponse,
  REPORT_ALREADY_RESOLVED,
  REPORT_BEING_RESOLVED,
  reportIdParams,
  resolveReportBody,
  resolveReportResponse,
} from '../../../shared/api/reports';
import { resolveReport } from '../../lib/directory/reports';
import { reportsQueuePage } from '../../lib/directory/reports-queue';
import { BadRequestError, ConflictError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import {
  adminWithdrawalOf,
  closeCorrection,
  listCorrections,
  listWithdrawals,
} from '../../lib/portals/data-requests';
import { approveSubmission, listSubmissions, rejectSubmission } from '../../lib/portals/investor-review';
import { restoreWithdrawal } from '../../lib/portals/listing';
import { InvalidCursorError } from '../../lib/table/model';
import { ReportAlreadyResolvedError, ReportBeingResolvedError } from '../../lib/table/repositories/reports';
import { paged } from './paging';

/**
 * The admin function's area for what investors and readers ask of the directory: reports,
 * investors' submissions, withdrawals and correction requests. A module of its own, loaded at the
 * first request of one of its routes (`lambdas/http/admin.ts`).
 */
export const endpoints = {
  'GET /admin/reports': endpoint({
    auth: 'admin',
    query: adminReportsQuery,
    handle: async ({ query }) => {
      try {
        return adminReportsResponse.parse(await reportsQueuePage(query.cursor ?? null, query.limit));
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
        throw error;
      }
    },
  }),

  'POST /admin/reports/{reportId}/resolve': endpoint({
    auth: 'admin',
    params: reportIdParams,
    body: resolveReportBody,
    handle: async ({ params, body, caller }) => {
      try {
        return resolveReportResponse.parse(
          await resolveReport(params.reportId, body, caller.sub, new Date()),
        );
      } catch (error) {
        if (error instanceof ReportAlreadyResolvedError) throw new ConflictError(REPORT_ALREADY_RESOLVED);
        if (error instanceof ReportBeingResolvedError) throw new ConflictError(REPORT_BEING_RESOLVED);
        throw error;
      }
    },
  }),

  'GET /admin/investor-submissions': endpoint({
    auth: 'admin',
    query: submissionsQuery,
    handle: async ({ query }) =>
      investorSubmissionsResponse.parse(
        await paged(() => listSubmissions(query.cursor ?? null, query.limit, new Date())),
      ),
  }),

  'POST /admin/investor-submissions/{userId}/approve': endpoint({
    auth: 'admin',
    params: submissionParams,
    body: approveSubmissionBody,
    handle: async ({ params, body, caller }) =>
      reviewDecisionResponse.parse(await approveSubmission(params.userId, body, caller.sub, new Date())),
  }),

  'POST /admin/investor-submissions/{userId}/reject': endpoint({
    auth: 'admin',
    params: submissionParams,
    body: rejectSubmissionBody,
    handle: async ({ params, body, caller }) =>
      reviewDecisionResponse.parse(await rejectSubmission(params.userId, body, caller.sub, new Date())),
  }),

  'GET /admin/withdrawals': endpoint({
    auth: 'admin',
    query: requestsPageQuery,
    handle: async ({ query }) =>
      adminWithdrawalsResponse.parse(await paged(() => listWithdrawals(query.cursor ?? null, query.limit))),
  }),

  'POST /admin/withdrawals/{investorId}/restore': endpoint({
    auth: 'admin',
    params: withdrawalParams,
    body: restoreWithdrawalBody,
    handle: async ({ params, body, caller }) =>
      adminWithdrawalSchema.parse(
        adminWithdrawalOf(await restoreWithdrawal(params.investorId, caller.sub, body.reason, new Date())),
      ),
  }),

  'GET /admin/correction-requests': endpoint({
    auth: 'admin',
    query: requestsPageQuery,
    handle: async ({ query }) =>
      correctionRequestsResponse.parse(await paged(() => listCorrections(query.cursor ?? null, query.limit))),
  }),

  'POST /admin/correction-requests/{requestId}/close': endpoint({
    auth: 'admin',
    params: correctionParams,
    body: closeCorrectionBody,
    handle: async ({ params, body, caller }) =>
      correctionRequestSchema.parse(
        await closeCorrection(params.requestId, body.note, caller.sub, new Date()),
      ),
  }),
};
