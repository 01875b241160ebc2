import { BatchGetCommand, BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../clients/dynamodb';
import { tableConfig } from '../config';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
const MAX_ATTEMPTS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes puts and deletes in batches of 25, several batches at once (imports are bound by write
 * round trips, not by the table: 24 in flight was about 3× the throughput of 4 on DynamoDB Local),
 * retrying unprocessed items with exponential backoff and jitter. Throws if items are still
 * unprocessed after every attempt, so nothing is lost silently.
 */
export async function batchWrite(requests: WriteRequest[], concurrency = 24): Promise<void> {
  const table = tableConfig().TABLE_NAME;
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += BATCH_WRITE_SIZE)
    chunks.push(requests.slice(i, i + BATCH_WRITE_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++];
      if (!chunk) return;
      let pending = chunk;
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt >= MAX_ATTEMPTS)
          throw new Error(`${pending.length} items still unprocessed after ${MAX_ATTEMPTS} attempts`);
        if (attempt > 0) await sleep(Math.min(2_000, 50 * 2 ** attempt) * (0.5 + Math.random() / 2));
        const result = await documentClient().send(
          new BatchWriteCommand({ RequestItems: { [table]: pending } }),
        );
        pending = (result.UnprocessedItems?.[table] ?? []) as WriteRequest[];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
}

export const putRequest = (item: Record<string, unknown>): WriteRequest => ({ PutRequest: { Item: item } });
export const deleteRequest = (key: { pk: string; sk: string }): WriteRequest => ({
  DeleteRequest: { Key: key },
});

/** Reads items by key in batches of 100, retrying unprocessed keys. Missing items are simply absent. */
export async function batchGet(
  keys: { pk: string; sk: string }[],
  options: { consistent?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const table = tableConfig().TABLE_NAME;
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) {
    let pending: Record<string, unknown>[] = unique.slice(i, i + BATCH_GET_SIZE);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= MAX_ATTEMPTS)
        throw new Error(`${pending.length} keys still unprocessed after ${MAX_ATTEMPTS} attempts`);
      if (attempt > 0) await sleep(Math.min(2_000, 50 * 2 ** attempt));
      const result = await documentClient().send(
        new BatchGetCommand({
          RequestItems: { [table]: { Keys: pending, ConsistentRead: options.consistent ?? false } },
        }),
      );
      items.push(...((result.Responses?.[table] ?? []) as Record<string, unknown>[]));
      pending = (result.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
    }
  }
  return items;
}
