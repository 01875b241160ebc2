import { investorIdParams } from '../../../shared/api/params';
import {
  createReportBody,
  createReportResponse,
  REPORT_ALREADY_OPEN,
  REPORT_LIMIT_REACHED,
} from '../../../shared/api/reports';
import { reportInvestor } from '../../lib/directory/reports';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { ReportAlreadyOpenError, ReportLimitError } from '../../lib/table/repositories/reports';

/**
 * The account function's area for a reader's report of a wrong entry. A module of its own, loaded
 * at the first request of one of its routes (`lambdas/http/account.ts`).
 */
export const endpoints = {
  'POST /investors/{investorId}/reports': endpoint({
    auth: 'user',
    status: 201,
    params: investorIdParams,
    body: createReportBody,
    handle: async ({ params, body, caller }) => {
      try {
        const report = await reportInvestor({
          investorId: params.investorId,
          reporterUserId: caller.sub,
          reporterEmail: caller.email,
          reason: body.reason,
          note: body.note,
          field: body.field,
          now: new Date(),
        });
        if (!report) throw new NotFoundError('Investor not found');
        return createReportResponse.parse(report);
      } catch (error) {
        if (error instanceof ReportAlreadyOpenError) throw new ConflictError(REPORT_ALREADY_OPEN);
        if (error instanceof ReportLimitError) throw new ConflictError(REPORT_LIMIT_REACHED);
        throw error;
      }
    },
  }),
};
