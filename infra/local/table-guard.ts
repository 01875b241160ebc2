import type { IamRequest } from '../iam-policy';

/**
 * What IAM sees of a DynamoDB call: one authorisation request per action it needs, with the
 * partition keys it touches as `dynamodb:LeadingKeys` (for a query of an index, the index's partition
 * key). The local home evaluates these against each function's statements
 * (`infra/function-needs.ts`), so a function that reaches outside its manifest is refused locally as
 * it would be on AWS. Values come marshalled (`{ S: 'USER#1' }`) or plain; both are read.
 */
type Input = Record<string, unknown>;

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'S' in value && typeof value.S === 'string') return value.S;
  return undefined;
};

const keyOf = (key: unknown, attribute: string): string[] => {
  const value = text((key as Record<string, unknown> | undefined)?.[attribute]);
  return value === undefined ? [] : [value];
};

/**
 * The partition-key value a Query names: `<attribute> = :value` in its key condition (the attribute
 * by name or through `#alias`). Nothing found means no leading key, which IAM refuses under our
 * conditions.
 */
function queriedPartition(input: Input, attribute: string): string[] {
  const expression = String(input.KeyConditionExpression ?? '');
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  for (const match of expression.matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const [, left = '', right = ''] = match;
    const name = left.startsWith('#') ? names[left] : left;
    if (name === attribute) {
      const value = text(values[right]);
      return value === undefined ? [] : [value];
    }
  }
  return [];
}

export interface TableShape {
  tableName: string;
  tableArn: string;
  partitionKey: string;
  indexes: Record<string, { partitionKey: string }>;
}

/** The authorisation requests of one DynamoDB call (`GetItemCommand`, ...), or none for another table. */
export function tableRequests(commandName: string, input: Input, table: TableShape): IamRequest[] {
  const action = commandName.replace(/Command$/, '');
  const pk = table.partitionKey;
  const request = (name: string, leadingKeys: string[], resource = table.tableArn): IamRequest => ({
    action: `dynamodb:${name}`,
    resource,
    context: { 'dynamodb:LeadingKeys': leadingKeys },
  });
  switch (action) {
    case 'GetItem':
    case 'DeleteItem':
    case 'UpdateItem':
      return input.TableName === table.tableName ? [request(action, keyOf(input.Key, pk))] : [];
    case 'PutItem':
      return input.TableName === table.tableName ? [request(action, keyOf(input.Item, pk))] : [];
    case 'Query': {
      if (input.TableName !== table.tableName) return [];
      const index = typeof input.IndexName === 'string' ? input.IndexName : undefined;
      const attribute = index ? table.indexes[index]?.partitionKey : pk;
      const resource = index ? `${table.tableArn}/index/${index}` : table.tableArn;
      return [request(action, attribute ? queriedPartition(input, attribute) : [], resource)];
    }
    case 'Scan':
      return input.TableName === table.tableName
        ? [
            {
              action: 'dynamodb:Scan',
              resource:
                typeof input.IndexName === 'string'
                  ? `${table.tableArn}/index/${input.IndexName}`
                  : table.tableArn,
            },
          ]
        : [];
    case 'BatchGetItem': {
      const items = (input.RequestItems as Record<string, { Keys?: unknown[] }> | undefined)?.[
        table.tableName
      ];
      return items
        ? [
            request(
              action,
              (items.Keys ?? []).flatMap((key) => keyOf(key, pk)),
            ),
          ]
        : [];
    }
    case 'BatchWriteItem': {
      const writes = (input.RequestItems as Record<string, Input[]> | undefined)?.[table.tableName];
      if (!writes) return [];
      const keys = writes.flatMap((write) => [
        ...keyOf((write.PutRequest as Input | undefined)?.Item, pk),
        ...keyOf((write.DeleteRequest as Input | undefined)?.Key, pk),
      ]);
      return [request(action, keys)];
    }
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const kinds: Record<string, [string, string]> = {
        Put: ['PutItem', 'Item'],
        Update: ['UpdateItem', 'Key'],
        Delete: ['DeleteItem', 'Key'],
        ConditionCheck: ['ConditionCheckItem', 'Key'],
        Get: ['GetItem', 'Key'],
      };
      return ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
        Object.entries(item).flatMap(([kind, body]) => {
          const [name, field] = kinds[kind] ?? [];
          const part = body as Input;
          if (!name || !field || part.TableName !== table.tableName) return [];
          return [request(name, keyOf(part[field], pk))];
        }),
      );
    }
    default:
      // Anything else (DescribeTable, CreateTable: the local home's own set-up) is not a data call.
      return [{ action: `dynamodb:${action}`, resource: table.tableArn }];
  }
}
