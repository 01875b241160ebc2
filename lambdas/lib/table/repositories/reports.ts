import { randomUUID } from 'node:crypto';
import { type InvestorReport, investorReportModel, openReportGuardModel } from '../models';
import { getItem, isConditionFailure, queryAll, transactWrite } from '../table';

/**
 * Reports of wrong data (docs/data-model.md, "Reports"): the report item, listed in the open queue
 * while open, and one guard item per founder and investor while that founder's report is open.
 */

export const newReportId = (): string => randomUUID();

/** Why a report was refused: the founder already has an open report of this investor. */
export class ReportAlreadyOpenError extends Error {
  override readonly name = 'ReportAlreadyOpenError';
}

/** Why a resolution was refused: the report is no longer open. */
export class ReportAlreadyResolvedError extends Error {
  override readonly name = 'ReportAlreadyResolvedError';
}

const guardKeys = (userId: string, investorId: string) =>
  openReportGuardModel.keys({ userId, investorId, reportId: '' });

/** Writes an open report and its guard in one transaction: one open report per founder and investor. */
export async function createReport(report: InvestorReport): Promise<InvestorReport> {
  try {
    await transactWrite([
      {
        Put: {
          Item: openReportGuardModel.toItem({
            userId: report.reporterUserId,
            investorId: report.investorId,
            reportId: report.id,
          }),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { Item: investorReportModel.toItem(report), ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new ReportAlreadyOpenError('A report of this investor is open');
    throw error;
  }
  return report;
}

export async function getReport(id: string): Promise<InvestorReport | null> {
  const item = await getItem(`REPORT#${id}`, 'REPORT', true);
  return item ? investorReportModel.fromItem(item) : null;
}

/** The open reports, oldest first: one Query of `gsi1` (`REPORTS_OPEN`). */
export async function listOpenReports(): Promise<InvestorReport[]> {
  const items = await queryAll({
    index: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'REPORTS_OPEN' },
    ScanIndexForward: true,
  });
  return items.map((item) => investorReportModel.fromItem(item));
}

/** Every report of one founder, oldest first: one Query of `gsi2` (`REPORTER#<userId>`). */
export async function listReportsOfReporter(userId: string): Promise<InvestorReport[]> {
  const items = await queryAll({
    index: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `REPORTER#${userId}` },
    ScanIndexForward: true,
  });
  return items.map((item) => investorReportModel.fromItem(item));
}

/**
 * Marks an open report resolved (out of the open queue) and deletes its guard, in one transaction
 * conditional on the report still being open: a report is resolved once.
 */
export async function markReportResolved(resolved: InvestorReport): Promise<InvestorReport> {
  try {
    await transactWrite([
      {
        Put: {
          Item: investorReportModel.toItem(resolved),
          ConditionExpression: 'attribute_exists(pk) AND #status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':open': 'open' },
        },
      },
      { Delete: { Key: guardKeys(resolved.reporterUserId, resolved.investorId) } },
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw new ReportAlreadyResolvedError('The report is no longer open');
    throw error;
  }
  return resolved;
}
