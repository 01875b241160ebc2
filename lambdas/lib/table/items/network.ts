import * as z from 'zod/mini';
import { accessPattern, defineModel, type TableKey } from '../model';
import { isoDate } from './common';

// ---------------------------------------------------------------- a founder's connections (issue 52)

/**
 * A founder's own connections (`NETWORK#<sub>`), apart from their `USER#` partition: only the
 * founder's own requests read or write it, and deleting it is one Query and one batch of deletes.
 * A header counts them (the limit's guard, changed in the same transaction as each page's write);
 * each uploaded page of rows is one part item.
 */
const networkPartition = (userId: string) => `NETWORK#${userId}`;
/** The founder whose connections a partition holds, if it is a network partition. */
export const networkOwnerOf = (pk: string): string | null =>
  pk.startsWith(networkPartition('')) ? pk.slice(networkPartition('').length) : null;
const PART_PREFIX = 'PART#';

export const networkHeaderKey = (userId: string): TableKey => ({
  pk: networkPartition(userId),
  sk: 'HEADER',
});
export const connectionsPartKey = (userId: string, partId: string): TableKey => ({
  pk: networkPartition(userId),
  sk: `${PART_PREFIX}${partId}`,
});

/** Every item of a founder's network partition: the header and the parts (for reads and the delete). */
export const networkOf = accessPattern(
  {
    index: 'table',
    params: ['userId'],
    description: "A founder's connections: the header and every part (warm paths read it; delete removes it)",
  },
  (userId: string) => ({ partition: networkPartition(userId) }),
);

/** The header: how many connections the founder keeps, and from which file. */
export const networkHeaderModel = defineModel(
  'networkHeader',
  z.object({
    userId: z.string(),
    count: z._default(z.int(), 0),
    fileName: z._default(z.nullable(z.string()), null),
    uploadedAt: isoDate,
  }),
  (v) => networkHeaderKey(v.userId),
);
export type NetworkHeader = z.infer<typeof networkHeaderModel.schema>;

export const storedConnectionSchema = z.object({
  name: z.string(),
  company: z.nullable(z.string()),
  position: z.nullable(z.string()),
  email: z.nullable(z.string()),
  linkedinUrl: z.nullable(z.string()),
});

/** One uploaded page of a founder's connections (at most 250: well within an item's 400 KB). */
export const connectionsPartModel = defineModel(
  'connectionsPart',
  z.object({
    userId: z.string(),
    partId: z.string(),
    connections: z.array(storedConnectionSchema),
    createdAt: isoDate,
  }),
  (v) => connectionsPartKey(v.userId, v.partId),
);
export type ConnectionsPart = z.infer<typeof connectionsPartModel.schema>;
