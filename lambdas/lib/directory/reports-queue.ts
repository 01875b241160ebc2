import type { AdminReportRow, AdminReportsResponse } from '../../../shared/api/reports';
import { contactSheetsOf } from '../table/repositories/contacts';
import { getSearchableInvestors } from '../table/repositories/investors';
import { listOpenReportsPage } from '../table/repositories/reports';

/**
 * GET /admin/reports: one page of the open reports, oldest first, each with the value of its field
 * in the directory now beside the value reported, so an admin decides without opening the investor.
 * Three reads a page whatever its size: the page (one Query), its investors and their contact sheets
 * (BatchGets).
 */
export async function reportsQueuePage(cursor: string | null, limit: number): Promise<AdminReportsResponse> {
  const page = await listOpenReportsPage(cursor, limit);
  const investors = await getSearchableInvestors([...new Set(page.items.map((report) => report.investorId))]);
  const { sheets } = await contactSheetsOf([...investors.values()]);
  const reports = page.items.map((report): AdminReportRow => {
    const listed = investors.has(report.investorId);
    const sheet = sheets.get(report.investorId);
    return {
      ...report,
      currentValue: report.field && sheet ? (sheet.fields[report.field]?.value ?? null) : null,
      investorListed: listed,
    };
  });
  return { reports, cursor: page.cursor };
}
