import { randomUUID } from 'node:crypto';
import { MAX_OPEN_REPORTS_PER_FOUNDER } from '../../../../shared/api/error-messages';
import { checkCursorOf, cursorAfter } from '../model';
import {
  type BounceCreditGuard,
  type CreditEntry,
  type InvestorReport,
  investorReportModel,
  openReportGuardModel,
  openReports,
  openReportsModel,
  reportKey,
  reportsOfReporter,
} from '../models';
import {
  conditionalTransaction,
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  type Page,
  queryAll,
  queryPage,
  transactWrite,
  transactWriteRetryingConflicts,
  updateItem,
} from '../table';
import { bounceCreditWrites } from './credits';

/**
 * Reports of wrong data (docs/data-model.md, "Reports"): the report item, listed in the open queue
 * while open, one guard item per founder and investor while that founder's report is open, and per
 * founder the set of their open reports (at most MAX_OPEN_REPORTS_PER_FOUNDER).
 */

export const newReportId = (): string => randomUUID();

/** Why a report was refused: the founder already has an open report of this investor. */
export class ReportAlreadyOpenError extends Error {
  override readonly name = 'ReportAlreadyOpenError';
}

/** Why a report was refused: the founder has the most open reports allowed. */
export class ReportLimitError extends Error {
  override readonly name = 'ReportLimitError';
}

/** Why a resolution was refused: the report is no longer open. */
export class ReportAlreadyResolvedError extends Error {
  override readonly name = 'ReportAlreadyResolvedError';
}

const guardKeys = (userId: string, investorId: string) =>
  openReportGuardModel.keys({ userId, investorId, reportId: '' });
const openReportsKey = (userId: string) => openReportsModel.keys({ userId, reportIds: [] });

/**
 * Writes an open report, its guard and its place among the founder's open reports in one
 * transaction: one open report per founder and investor, and at most MAX_OPEN_REPORTS_PER_FOUNDER
 * open reports per founder (also when several are filed at once).
 *
 * @throws ReportAlreadyOpenError; ReportLimitError.
 */
export async function createReport(report: InvestorReport): Promise<InvestorReport> {
  const outcome = await conditionalTransaction(
    transactWriteRetryingConflicts([
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
      {
        Update: {
          Key: openReportsKey(report.reporterUserId),
          UpdateExpression: 'ADD reportIds :id SET entity = :entity, userId = :user',
          ConditionExpression: 'attribute_not_exists(reportIds) OR size(reportIds) < :max',
          ExpressionAttributeValues: {
            ':id': new Set([report.id]),
            ':entity': openReportsModel.entity,
            ':user': report.reporterUserId,
            ':max': MAX_OPEN_REPORTS_PER_FOUNDER,
          },
        },
      },
    ]),
  );
  if (outcome.written) return report;
  if (outcome.reasons[0] !== 'ConditionalCheckFailed' && outcome.reasons[2] === 'ConditionalCheckFailed')
    throw new ReportLimitError(`At most ${MAX_OPEN_REPORTS_PER_FOUNDER} open reports per founder`);
  throw new ReportAlreadyOpenError('A report of this investor is open');
}

/** The writes that take a resolved report out of its founder's open reports (with its resolution). */
export const closeOpenReportWrites = (report: Pick<InvestorReport, 'id' | 'reporterUserId'>) => [
  {
    Update: {
      Key: openReportsKey(report.reporterUserId),
      UpdateExpression: 'DELETE reportIds :id',
      ExpressionAttributeValues: { ':id': new Set([report.id]) },
    },
  },
];

export async function getReport(id: string): Promise<InvestorReport | null> {
  const item = await getItem(reportKey(id), true);
  return item ? investorReportModel.fromItem(item) : null;
}

/**
 * One page of the open reports, oldest first: one Query of `gsi1` (`REPORTS_OPEN`) for one item more
 * than the page, so the cursor is null exactly on the last page. The cursor is the last report's key:
 * a report resolved meanwhile leaves the queue without moving the next page.
 *
 * @throws InvalidCursorError for a cursor this queue did not give.
 */
export async function listOpenReportsPage(
  cursor: string | null,
  limit: number,
): Promise<Page<InvestorReport>> {
  const queue = openReports();
  checkCursorOf(cursor, queue, 'The cursor does not belong to the reports queue.');
  const page = await queryPage({
    ...queue,
    ScanIndexForward: true,
    Limit: limit + 1,
    cursor,
  });
  const items = page.items.slice(0, limit);
  const last = items.at(-1);
  const more = page.items.length > limit;
  return {
    items: items.map((item) => investorReportModel.fromItem(item)),
    cursor: more && last ? cursorAfter(last, 'gsi1') : null,
  };
}

/** Every report of one founder, oldest first: one Query of `gsi2` (`REPORTER#<userId>`). */
export async function listReportsOfReporter(userId: string): Promise<InvestorReport[]> {
  const items = await queryAll({
    ...reportsOfReporter(userId),
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
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: reportKey(id),
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
    }),
  );
  if (attributes !== null) return investorReportModel.fromItem(attributes ?? {});
  const current = await getReport(id);
  if (current?.status === 'resolving')
    throw new ReportBeingResolvedError('Another resolution holds the report');
  throw new ReportAlreadyResolvedError('The report is no longer open');
}

/** Gives a claimed report back to the queue (status `open`), if the claim is still ours. */
export async function releaseReportClaim(id: string, claimId: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: reportKey(id),
      UpdateExpression: 'SET #status = :open, claim = :null',
      ConditionExpression: '#status = :resolving AND claim.#id = :claim',
      ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
      ExpressionAttributeValues: {
        ':open': 'open',
        ':resolving': 'resolving',
        ':claim': claimId,
        ':null': null,
      },
    }),
  );
}

/**
 * Marks a claimed report resolved (out of the open queue) and deletes its guard, in one transaction
 * conditional on our claim still holding it: a report is resolved once. A bounce credit, when the
 * resolution grants one, is written by the same transaction (the grant, keyed by the report, the
 * reporter's balance raised by one, and the guard of its purchase, investor and kind, conditional on
 * its absence), so it is granted exactly when the report is resolved, and once per bounced value.
 * A failed condition (the claim lost, or the guard taken) is ReportAlreadyResolvedError: the caller
 * tells the two apart.
 */
export async function markReportResolved(
  resolved: InvestorReport,
  claimId: string,
  credit: { grant: CreditEntry; guard: BounceCreditGuard } | null,
): Promise<InvestorReport> {
  const resolvedNow = await conditionalWrite(
    transactWrite([
      {
        Put: {
          Item: investorReportModel.toItem(resolved),
          ConditionExpression: 'attribute_exists(pk) AND #status = :resolving AND claim.#id = :claim',
          ExpressionAttributeNames: { '#status': 'status', '#id': 'id' },
          ExpressionAttributeValues: { ':resolving': 'resolving', ':claim': claimId },
        },
      },
      { Delete: { Key: guardKeys(resolved.reporterUserId, resolved.investorId) } },
      ...closeOpenReportWrites(resolved),
      ...(credit ? bounceCreditWrites(credit.grant, credit.guard) : []),
    ]),
  );
  if (!resolvedNow) throw new ReportAlreadyResolvedError('The report is no longer claimed by us');
  return resolved;
}
