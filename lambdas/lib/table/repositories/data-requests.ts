import { checkCursorOf } from '../model';
import {
  type CorrectionRequestItem,
  correctionRequestKey,
  correctionRequestModel,
  type DataRequestItem,
  dataRequestKey,
  dataRequestModel,
  openCorrections,
  rateWindowKey,
} from '../models';
import {
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  type Page,
  putItem,
  queryPage,
  updateItem,
} from '../table';

/**
 * A listed person's own requests (issue 30, docs/data-model.md "Investor identity and removal"): the
 * request with its hashed code, the fixed-window counters that limit them, and the correction
 * requests admins work.
 */

/** How long a request item is kept after it was made (TTL): long enough to trace a complaint. */
const REQUEST_KEPT_SECONDS = 30 * 24 * 3600;

export async function putDataRequest(request: DataRequestItem): Promise<void> {
  const expiresAt = Math.floor(Date.parse(request.createdAt) / 1000) + REQUEST_KEPT_SECONDS;
  await putItem({ ...dataRequestModel.toItem(request), expiresAt }, 'attribute_not_exists(pk)');
}

export async function getDataRequest(id: string): Promise<DataRequestItem | null> {
  const item = await getItem(dataRequestKey(id), true);
  return item ? dataRequestModel.fromItem(item) : null;
}

/**
 * Counts one try of the request's code, if it may still be tried (pending, under `maxAttempts`, not
 * expired at `now`): the request after the count, or null when it may not (read it to say why).
 * Counted before the code is compared, so concurrent tries cannot exceed the limit.
 */
export async function countCodeAttempt(
  id: string,
  maxAttempts: number,
  now: Date,
): Promise<DataRequestItem | null> {
  const attributes = await conditionalWriteReturning(
    updateItem({
      Key: dataRequestKey(id),
      UpdateExpression: 'SET attempts = attempts + :one',
      ConditionExpression:
        'attribute_exists(pk) AND #status = :pending AND attempts < :max AND codeExpiresAt > :now',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':one': 1,
        ':pending': 'pending',
        ':max': maxAttempts,
        ':now': now.toISOString(),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  if (attributes === null) return null;
  return dataRequestModel.fromItem(attributes ?? {});
}

/** Uses the request's code (single use): false when another use came first. */
export async function markDataRequestUsed(id: string, at: string): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: dataRequestKey(id),
      UpdateExpression: 'SET #status = :used, usedAt = :at',
      ConditionExpression: '#status = :pending',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':used': 'used', ':pending': 'pending', ':at': at },
    }),
  );
}

/** Gives a used code back (its request failed part-way), if it is still the use made at `at`. */
export async function releaseDataRequest(id: string, at: string): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: dataRequestKey(id),
      UpdateExpression: 'SET #status = :pending, usedAt = :null',
      ConditionExpression: '#status = :used AND usedAt = :at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':used': 'used', ':pending': 'pending', ':at': at, ':null': null },
    }),
  );
}

/**
 * Counts one request in a fixed window (`RATE#<scope>#<key>` / `WINDOW#<start>`, gone by TTL after the
 * window): false, counting nothing, when the window already holds `max`.
 */
export async function takeRateSlot(
  scope: string,
  key: string,
  windowStart: string,
  windowEnd: Date,
  max: number,
): Promise<boolean> {
  return conditionalWrite(
    updateItem({
      Key: rateWindowKey(scope, key, windowStart),
      UpdateExpression: 'SET entity = :entity, expiresAt = :expires ADD #count :one',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: {
        ':entity': 'rateWindow',
        ':expires': Math.ceil(windowEnd.getTime() / 1000) + 3600,
        ':one': 1,
        ':max': max,
      },
    }),
  );
}

/**
 * Claims the investor's window for one request (issue 48: one email per investor a window): the
 * counter item `RATE#<scope>#<key>` / `WINDOW#<start>` records the request the window's email
 * carries. Null when this request claimed it; else the id of the request that did (a window counted
 * before requests were recorded answers an empty string).
 */
export async function claimRateWindow(
  scope: string,
  key: string,
  windowStart: string,
  windowEnd: Date,
  requestId: string,
): Promise<string | null> {
  const claimed = await conditionalWrite(
    updateItem({
      Key: rateWindowKey(scope, key, windowStart),
      UpdateExpression: 'SET entity = :entity, expiresAt = :expires, requestId = :id ADD #count :one',
      ConditionExpression: 'attribute_not_exists(requestId)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: {
        ':entity': 'rateWindow',
        ':expires': Math.ceil(windowEnd.getTime() / 1000) + 3600,
        ':id': requestId,
        ':one': 1,
      },
    }),
  );
  if (claimed) return null;
  const item = await getItem(rateWindowKey(scope, key, windowStart), true);
  return typeof item?.requestId === 'string' ? item.requestId : '';
}

/** Gives the window back (its email could not be sent), if `requestId` still holds it. */
export async function releaseRateWindow(
  scope: string,
  key: string,
  windowStart: string,
  requestId: string,
): Promise<void> {
  await conditionalWrite(
    updateItem({
      Key: rateWindowKey(scope, key, windowStart),
      UpdateExpression: 'REMOVE requestId',
      ConditionExpression: 'requestId = :id',
      ExpressionAttributeValues: { ':id': requestId },
    }),
  );
}

/** Opens a correction request (its id is the data request's: a retry writes the same one). */
export async function putCorrectionRequest(request: CorrectionRequestItem): Promise<void> {
  await conditionalWrite(putItem(correctionRequestModel.toItem(request), 'attribute_not_exists(pk)'));
}

export async function getCorrectionRequest(id: string): Promise<CorrectionRequestItem | null> {
  const item = await getItem(correctionRequestKey(id), true);
  return item ? correctionRequestModel.fromItem(item) : null;
}

/** The open correction requests, oldest first: one page of `gsi1` (`CORRECTIONS_OPEN`). */
export async function listOpenCorrectionRequests(
  cursor: string | null,
  limit: number,
): Promise<Page<CorrectionRequestItem>> {
  checkCursorOf(cursor, openCorrections(), 'The cursor does not belong to the correction requests.');
  const page = await queryPage({
    ...openCorrections(),
    ScanIndexForward: true,
    Limit: limit,
    cursor,
  });
  return { items: page.items.map((item) => correctionRequestModel.fromItem(item)), cursor: page.cursor };
}

/** Closes an open correction request (out of the queue): false when it was closed already. */
export async function closeCorrectionRequest(closed: CorrectionRequestItem): Promise<boolean> {
  return conditionalWrite(
    putItem(correctionRequestModel.toItem(closed), {
      expression: '#status = :open',
      names: { '#status': 'status' },
      values: { ':open': 'open' },
    }),
  );
}
