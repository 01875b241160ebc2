import { randomUUID } from 'node:crypto';
import type { Connection } from '../../../../shared/network/connections';
import { batchWrite, deleteRequest } from '../batch';
import {
  connectionsPartModel,
  type NetworkHeader,
  networkHeaderKey,
  networkHeaderModel,
  networkOf,
} from '../models';
import { conditionalWrite, getItem, queryAll, transactWriteRetryingConflicts } from '../table';

/**
 * A founder's connections (issue 52; docs/data-model.md, "A founder's connections"): the header that
 * counts them and one part item per uploaded page, all in their `NETWORK#` partition.
 */

/** A new part id: time-ordered (a read gives them in upload order), then random. */
const newPartId = (now: Date) =>
  `${now.getTime().toString(36).padStart(9, '0')}${randomUUID().replaceAll('-', '').slice(0, 8)}`;

export async function getNetworkHeader(userId: string): Promise<NetworkHeader | null> {
  const item = await getItem(networkHeaderKey(userId), true);
  return item ? networkHeaderModel.fromItem(item) : null;
}

/** The founder's header and every connection they keep, in upload order (one Query of their partition). */
export async function getNetwork(
  userId: string,
): Promise<{ header: NetworkHeader | null; connections: Connection[] }> {
  // Strongly consistent: the header and the parts read as one upload left them.
  const items = await queryAll({ ...networkOf(userId), ConsistentRead: true });
  let header: NetworkHeader | null = null;
  const connections: Connection[] = [];
  for (const item of items) {
    if (item.entity === networkHeaderModel.entity) header = networkHeaderModel.fromItem(item);
    else if (item.entity === connectionsPartModel.entity)
      connections.push(...connectionsPartModel.fromItem(item).connections);
  }
  return { header, connections };
}

/**
 * Adds one page of connections, counted on the header in the same transaction, on the condition
 * that the founder keeps at most `max` after it (pages at once cannot pass the limit). False when
 * it would.
 */
export async function addConnectionsPart(
  userId: string,
  connections: readonly Connection[],
  options: { fileName: string | null; max: number; now: Date },
): Promise<boolean> {
  const at = options.now.toISOString();
  return conditionalWrite(
    transactWriteRetryingConflicts([
      {
        Update: {
          Key: networkHeaderKey(userId),
          UpdateExpression:
            'SET #userId = :userId, #entity = :entity, uploadedAt = :at, fileName = :file ADD #count :n',
          ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
          ExpressionAttributeNames: { '#userId': 'userId', '#entity': 'entity', '#count': 'count' },
          ExpressionAttributeValues: {
            ':userId': userId,
            ':entity': networkHeaderModel.entity,
            ':at': at,
            ':file': options.fileName,
            ':n': connections.length,
            ':room': options.max - connections.length,
          },
        },
      },
      {
        Put: {
          Item: connectionsPartModel.toItem({
            userId,
            partId: newPartId(options.now),
            connections: [...connections],
            createdAt: at,
          }),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]),
  );
}

/** Deletes every item of the founder's connections (header and parts); the count they had. */
export async function deleteNetwork(userId: string): Promise<number> {
  const items = await queryAll({ ...networkOf(userId), ConsistentRead: true });
  const header = items.find((item) => item.entity === networkHeaderModel.entity);
  const count = header ? networkHeaderModel.fromItem(header).count : 0;
  if (items.length > 0)
    await batchWrite(items.map((item) => deleteRequest({ pk: item.pk as string, sk: item.sk as string })));
  return count;
}
