import { expect } from 'vitest';
import { apiSuccessEnvelope } from '../../../shared/api/errors';
import { type AdminReportRow, adminReportsResponse } from '../../../shared/api/reports';
import { call } from './home';

const page = apiSuccessEnvelope(adminReportsResponse);

/**
 * Every open report of the admins' queue, oldest first, read a page at a time (GET /admin/reports
 * is paged) from the first page to the one whose cursor is null. `pages` counts the requests.
 */
export async function openReportsQueue(
  adminToken: string,
  limit?: number,
): Promise<{ reports: AdminReportRow[]; pages: number }> {
  const reports: AdminReportRow[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({
      ...(cursor ? { cursor } : {}),
      ...(limit ? { limit: String(limit) } : {}),
    });
    const response = await call('GET', `/admin/reports${query.size > 0 ? `?${query}` : ''}`, {
      token: adminToken,
    });
    expect(response.status, response.text).toBe(200);
    const data = page.parse(response.body).data;
    reports.push(...data.reports);
    cursor = data.cursor;
    pages++;
  } while (cursor);
  return { reports, pages };
}
