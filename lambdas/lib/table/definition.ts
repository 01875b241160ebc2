/**
 * The single table, defined once. The local home creates it from this definition and CDK builds the
 * production table from the same object, so keys, indexes and the TTL attribute cannot drift.
 */
export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    /** gsi1: projects by creator, payment connections by Stripe account, imported investors by email, carts and podcasts and import jobs by recency. */
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** gsi2: pending imported investors (sparse), carts by creator. */
    gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  },
} as const;

export type IndexName = keyof typeof tableDefinition.indexes;

/** Key attributes an item may carry. */
export interface ItemKeys {
  pk: string;
  sk: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

/** The CreateTable input for the local home (on-demand billing, every index projecting all attributes). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, indexes } = tableDefinition;
  const keyNames = [
    partitionKey,
    sortKey,
    ...Object.values(indexes).flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: Object.entries(indexes).map(([name, index]) => ({
      IndexName: name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
