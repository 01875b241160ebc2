import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  type ScanCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../clients/dynamodb';
import { tableConfig } from '../config';
import type { IndexName } from './definition';
import { decodeCursor, encodeCursor, type TableKey } from './model';

/** Thin helpers over the document client that fill in the table name; repositories build on them. */
export const tableName = () => tableConfig().TABLE_NAME;

/** An item by its key (`getItem(cartKey(id), true)`), or by its pk and sk. */
export async function getItem(
  key: TableKey,
  consistent?: boolean,
): Promise<Record<string, unknown> | undefined>;
export async function getItem(
  pk: string,
  sk: string,
  consistent?: boolean,
): Promise<Record<string, unknown> | undefined>;
export async function getItem(
  first: string | TableKey,
  second?: string | boolean,
  third?: boolean,
): Promise<Record<string, unknown> | undefined> {
  const key = typeof first === 'string' ? { pk: first, sk: String(second) } : first;
  const consistent = (typeof first === 'string' ? third : (second as boolean | undefined)) ?? false;
  const result = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: { pk: key.pk, sk: key.sk }, ConsistentRead: consistent }),
  );
  return result.Item;
}

export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

export async function putItem(item: Record<string, unknown>, condition?: string | Condition): Promise<void> {
  const c = typeof condition === 'string' ? { expression: condition } : condition;
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: item,
      ...(c ? { ConditionExpression: c.expression } : {}),
      ...(c?.names ? { ExpressionAttributeNames: c.names } : {}),
      ...(c?.values ? { ExpressionAttributeValues: c.values } : {}),
    }),
  );
}

export async function deleteItem(pk: string, sk: string, condition?: string | Condition): Promise<void> {
  const c = typeof condition === 'string' ? { expression: condition } : condition;
  await documentClient().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: { pk, sk },
      ...(c ? { ConditionExpression: c.expression } : {}),
      ...(c?.names ? { ExpressionAttributeNames: c.names } : {}),
      ...(c?.values ? { ExpressionAttributeValues: c.values } : {}),
    }),
  );
}

export async function updateItem(
  input: Omit<UpdateCommandInput, 'TableName'>,
): Promise<Record<string, unknown> | undefined> {
  const result = await documentClient().send(new UpdateCommand({ TableName: tableName(), ...input }));
  return result.Attributes;
}

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type WithoutTable<T> = { [K in keyof T]?: Omit<NonNullable<T[K]>, 'TableName'> };

/**
 * The `SET` clause of an update from a record of fields (undefined ones left out), with its names and
 * values: `#f0 = :v0, #f1 = :v1`.
 */
export function setClause(changes: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(changes)
    .filter(([, v]) => v !== undefined)
    .map(([key, value], i) => {
      names[`#f${i}`] = key;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
  return { sets, names, values };
}

/** A transaction on the table; the table name is filled in for each item. */
export async function transactWrite(items: WithoutTable<TransactItem>[]): Promise<void> {
  const withTable = items.map((item) => {
    const [kind, value] = Object.entries(item)[0] ?? [];
    return kind ? { [kind]: { TableName: tableName(), ...(value as object) } } : item;
  });
  await documentClient().send(new TransactWriteCommand({ TransactItems: withTable as TransactItem[] }));
}

export interface Page<T> {
  items: T[];
  cursor: string | null;
}

/** One page of a Query, with an opaque cursor for the next one. */
export async function queryPage(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'IndexName'> & {
    index?: IndexName;
    cursor?: string | null;
  },
): Promise<Page<Record<string, unknown>>> {
  const { index, cursor, ...rest } = input;
  const result = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      ...(index ? { IndexName: index } : {}),
      ...rest,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  return {
    items: (result.Items ?? []) as Record<string, unknown>[],
    cursor: encodeCursor(result.LastEvaluatedKey),
  };
}

/** Every item a Query matches, page after page (for bounded partitions only). */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'IndexName'> & { index?: IndexName },
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Record<string, unknown>> = await queryPage({ ...input, cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/** The number of items a Query matches, without reading them out. */
export async function queryCount(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'IndexName' | 'Select'> & {
    index?: IndexName;
  },
): Promise<number> {
  const { index, ...rest } = input;
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const result = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        ...(index ? { IndexName: index } : {}),
        ...rest,
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += result.Count ?? 0;
    start = result.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * Reads every item of the given entities, in parallel segments. Only for workflows (mapping all,
 * aggregation), never on a request path.
 */
export async function* scanEntities(
  entities: string[],
  segments = 4,
): AsyncGenerator<Record<string, unknown>[]> {
  const names: Record<string, string> = { '#entity': 'entity' };
  const values: Record<string, string> = {};
  entities.forEach((entity, i) => {
    values[`:e${i}`] = entity;
  });
  const filter = `#entity IN (${entities.map((_, i) => `:e${i}`).join(', ')})`;
  const scan = (segment: number, start?: Record<string, unknown>) => {
    const input: ScanCommandInput = {
      TableName: tableName(),
      Segment: segment,
      TotalSegments: segments,
      FilterExpression: filter,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ExclusiveStartKey: start,
    };
    return documentClient()
      .send(new ScanCommand(input))
      .then((r) => ({
        segment,
        items: (r.Items ?? []) as Record<string, unknown>[],
        next: r.LastEvaluatedKey,
      }));
  };
  const inFlight = new Map<
    number,
    Promise<{ segment: number; items: Record<string, unknown>[]; next?: Record<string, unknown> }>
  >();
  for (let s = 0; s < segments; s++) inFlight.set(s, scan(s));
  while (inFlight.size > 0) {
    const done = await Promise.race(inFlight.values());
    inFlight.delete(done.segment);
    if (done.next) inFlight.set(done.segment, scan(done.segment, done.next));
    if (done.items.length) yield done.items;
  }
}

/** One page of a Scan over the given entities, with a cursor (workflows only, never a request path). */
export async function scanEntitiesPage(
  entities: string[],
  cursor: string | null,
  limit: number,
): Promise<Page<Record<string, unknown>>> {
  const values: Record<string, string> = {};
  entities.forEach((entity, i) => {
    values[`:e${i}`] = entity;
  });
  const result = await documentClient().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: `#entity IN (${entities.map((_, i) => `:e${i}`).join(', ')})`,
      ExpressionAttributeNames: { '#entity': 'entity' },
      ExpressionAttributeValues: values,
      Limit: limit,
      ExclusiveStartKey: decodeCursor(cursor),
    }),
  );
  return {
    items: (result.Items ?? []) as Record<string, unknown>[],
    cursor: encodeCursor(result.LastEvaluatedKey),
  };
}

/** True when a transaction was cancelled only because another one was writing the same items. */
export const isTransactionConflict = (error: unknown): boolean =>
  (error as Error)?.name === 'TransactionCanceledException' &&
  /TransactionConflict/.test((error as Error).message ?? '') &&
  !isConditionFailure(error);

/**
 * A transaction retried, with a growing random pause, while it only conflicts with another one on
 * the same items (several at once on one founder's counter): then its conditions are checked against
 * the others' writes. Any other failure, a failed condition included, is thrown at once.
 */
export async function transactWriteRetryingConflicts(
  items: WithoutTable<TransactItem>[],
  attempts = 10,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await transactWrite(items);
      return;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= attempts) throw error;
      await new Promise((done) => setTimeout(done, 20 * attempt + Math.random() * 50));
    }
  }
}

/** True when a conditional write failed because its condition did not hold. */
export const isConditionFailure = (error: unknown): boolean =>
  (error as Error)?.name === 'ConditionalCheckFailedException' ||
  ((error as Error)?.name === 'TransactionCanceledException' &&
    /ConditionalCheckFailed/.test((error as Error).message ?? ''));

/**
 * A conditional write, and whether it happened: true once written, false when its condition did not
 * hold (`ConditionalCheckFailedException`, or a transaction cancelled for it). Any other failure is
 * thrown. `await conditionalWrite(putItem(item, 'attribute_not_exists(pk)'))` instead of a try/catch.
 */
export async function conditionalWrite(write: Promise<unknown>): Promise<boolean> {
  return (await conditionalWriteReturning(write.then(() => true))) !== null;
}

/**
 * A conditional write that returns what the write returns (an update's `ReturnValues: 'ALL_NEW'`
 * attributes), or null when its condition did not hold. Any other failure is thrown.
 */
export async function conditionalWriteReturning<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Why each item of a cancelled transaction was refused, by position ('None' for the ones that were not). */
export function cancellationReasons(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  if (reasons) return reasons.map((reason) => reason.Code ?? 'None');
  // The message lists them too: "... cancellation reasons for specific reasons [ConditionalCheckFailed, None]".
  const listed = /\[([^\]]*)\]\s*$/.exec((error as Error).message ?? '')?.[1];
  return listed ? listed.split(',').map((reason) => reason.trim()) : [];
}

/**
 * What a conditional transaction did: written, or refused with each item's reason (by position) and
 * the refusal itself (for a caller that passes it on).
 */
export type TransactionOutcome = { written: true } | { written: false; reasons: string[]; error: unknown };

/**
 * The sibling of {@link conditionalWrite} for a transaction whose refusal is told apart by which item's
 * condition failed: `{ written: true }`, or `{ written: false, reasons }` when a condition did not hold
 * (`reasons[i]` is `'ConditionalCheckFailed'` for each item that failed, `error` the refusal). Any
 * other failure is thrown.
 */
export async function conditionalTransaction(write: Promise<unknown>): Promise<TransactionOutcome> {
  try {
    await write;
    return { written: true };
  } catch (error) {
    if (isConditionFailure(error)) return { written: false, reasons: cancellationReasons(error), error };
    throw error;
  }
}

/**
 * One page of a Scan of every item, whatever its entity, with a cursor: only for the migration of
 * investor ids (issue 48), which must find every reference of every kind. Never on a request path.
 */
export async function scanTablePage(
  cursor: string | null,
  limit: number,
): Promise<Page<Record<string, unknown>>> {
  const result = await documentClient().send(
    new ScanCommand({ TableName: tableName(), Limit: limit, ExclusiveStartKey: decodeCursor(cursor) }),
  );
  return {
    items: (result.Items ?? []) as Record<string, unknown>[],
    cursor: encodeCursor(result.LastEvaluatedKey),
  };
}
