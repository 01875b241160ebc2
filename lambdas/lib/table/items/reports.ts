import * as z from 'zod/mini';
import { adminReportSchema } from '../../../../shared/api/reports';
import { accessPattern, defineModel, type TableKey } from '../model';
import { userPartition } from './common';

const REPORTS_OPEN = 'REPORTS_OPEN';
const reporterPartition = (userId: string) => `REPORTER#${userId}`;
export const reportKey = (id: string): TableKey => ({ pk: `REPORT#${id}`, sk: 'REPORT' });

/**
 * A founder's report of wrong data (issue 20). Listed in `gsi1` (`REPORTS_OPEN`, oldest first) until
 * resolved (open, or claimed by an admin's resolution under way); every report of a founder in `gsi2` (`REPORTER#<userId>`), for the bounce credits.
 */
export const investorReportModel = defineModel('investorReport', adminReportSchema, (v) => ({
  ...reportKey(v.id),
  ...(v.status !== 'resolved' ? { gsi1pk: REPORTS_OPEN, gsi1sk: `${v.createdAt}#${v.id}` } : {}),
  gsi2pk: reporterPartition(v.reporterUserId),
  gsi2sk: `${v.createdAt}#${v.id}`,
}));

/** The open reports (open, or claimed by a resolution under way), by creation (`gsi1`). */
export const openReports = accessPattern(
  { index: 'gsi1', params: [], description: "The open reports, oldest first (the admins' queue)" },
  () => ({ partition: REPORTS_OPEN }),
);

/** Every report of one founder, by creation (`gsi2`). */
export const reportsOfReporter = accessPattern(
  { index: 'gsi2', params: ['userId'], description: "A founder's reports (the bounce credits)" },
  (userId: string) => ({ partition: reporterPartition(userId) }),
);
export type InvestorReport = z.infer<typeof adminReportSchema>;

/**
 * The reports a founder has open (ids), kept by the transactions that file one (refused past
 * MAX_OPEN_REPORTS_PER_FOUNDER) and resolve one: the guard of the per-founder limit.
 */
export const openReportsModel = defineModel(
  'openReports',
  z.object({ userId: z.string(), reportIds: z.array(z.string()) }),
  (v) => ({ pk: userPartition(v.userId), sk: 'REPORTS_OPEN' }),
);

/** One founder's open report of one investor: the guard of "one open report per investor". */
export const openReportGuardModel = defineModel(
  'openReportGuard',
  z.object({ userId: z.string(), investorId: z.string(), reportId: z.string() }),
  (v) => ({ pk: userPartition(v.userId), sk: `OPENREPORT#${v.investorId}` }),
);
