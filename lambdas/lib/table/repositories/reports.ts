import { randomUUID } from 'node:crypto';
import { type CreditEntry, type InvestorReport, investorReportModel, openReportGuardModel } from '../models';
import { getItem, isConditionFailure, queryAll, transactWrite, updateItem } from '../table';
import { grantCreditWrites } from './credits';

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

/** Why a resolution was refused: another admin's resolution holds a live claim on the report. */
export class ReportBeingResolvedError extends Error {
  override readonly name = 'ReportBeingResolvedError';
}

export type ReportClaim = NonNullable<InvestorReport['claim']>;

/**
 * Claims a report for one resolution: status `resolving` with the claim, conditional on the report
 * being open, or being claimed by a resolution whose claim is older than `staleBefore` (its process
 * died between claiming and resolving: docs/decisions.md). The report stays in the open queue.
 *
 * @throws ReportAlreadyResolvedError when the report is resolved; ReportBeingResolvedError when a
 * live claim holds it.
 */
export async function claimReport(
  id: string,
  claim: ReportClaim,
  staleBefore: string,
): Promise<InvestorReport> {
  try {
    const attributes = await updateItem({
      Key: { pk: `REPORT#${id}`, sk: 'REPORT' },
      UpdateExpression: 'SET #status = :resolving, claim = :claim',
      ConditionExpression:
        'attribute_exists(pk) AND (#status = :open OR (#status = :resolving AND claim.#at < :stale))',
      ExpressionAttributeNames: { '#status': 'status', '#at': 'at' },
      ExpressionAttributeValues: {
        ':resolving': 'resolving',
        ':open': 'open',
        ':claim': claim,
        ':stale': staleBefore,
      },
      ReturnValues: 'ALL_NEW',
    });
    return investorReportModel.fromItem(attributes ?? {});
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const current = await getReport(id);
    if (current?.status === 'resolving')
      throw new ReportBeingResolvedError('Another resolution holds the report');
    throw new ReportAlreadyResolvedError('The report is no longer open');
  }
}

/** Gives a claimed report back to the queue (status `open`), if the claim is still ours. */
export async function releaseReportClaim(id: string, claimId: string): Promise<boolean> {
  try {
    await updateItem({
      Key: { pk: `REPORT#${id}`, sk: 'REPORT' },
      UpdateExpression: 'SET #status = :open, claim = :null',
      ConditionExpression: '#status = :resolving AND claim.#id = :claim',
      ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
      ExpressionAttributeValues: {
        ':open': 'open',
        ':resolving': 'resolving',
        ':claim': claimId,
        ':null': null,
      },
    });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Marks a claimed report resolved (out of the open queue) and deletes its guard, in one transaction
 * conditional on our claim still holding it: a report is resolved once. A bounce credit, when the
 * resolution grants one, is written by the same transaction (the grant, keyed by the report, and the
 * reporter's balance raised by one), so it is granted exactly when the report is resolved.
 */
export async function markReportResolved(
  resolved: InvestorReport,
  claimId: string,
  credit: { grant: CreditEntry } | null,
): Promise<InvestorReport> {
  try {
    await transactWrite([
      {
        Put: {
          Item: investorReportModel.toItem(resolved),
          ConditionExpression: 'attribute_exists(pk) AND #status = :resolving AND claim.#id = :claim',
          ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
          ExpressionAttributeValues: { ':resolving': 'resolving', ':claim': claimId },
        },
      },
      { Delete: { Key: guardKeys(resolved.reporterUserId, resolved.investorId) } },
      ...(credit ? grantCreditWrites(credit.grant) : []),
    ]);
  } catch (error) {
    if (isConditionFailure(error))
      throw new ReportAlreadyResolvedError('The report is no longer claimed by us');
    throw error;
  }
  return resolved;
}
