import { describe, expect, it } from 'vitest';
import {
  conditionalTransaction,
  conditionalWrite,
  conditionalWriteReturning,
  getItem,
  putItem,
  transactWrite,
  updateItem,
} from '../../../lambdas/lib/table/table';
import { unique } from './fixtures';

/** The one helper for a conditional write (and its siblings), against DynamoDB Local. */
describe('conditional writes', () => {
  const key = () => ({ pk: `RATE#${unique('conditional')}`, sk: 'WINDOW#test' });

  it('conditionalWrite: true when written, false when the condition does not hold (nothing written)', async () => {
    const k = key();
    expect(await conditionalWrite(putItem({ ...k, n: 1 }, 'attribute_not_exists(pk)'))).toBe(true);
    expect(await conditionalWrite(putItem({ ...k, n: 2 }, 'attribute_not_exists(pk)'))).toBe(false);
    expect((await getItem(k.pk, k.sk, true))?.n).toBe(1);
  });

  it('conditionalWrite throws any other failure', async () => {
    // An update expression naming a value it does not give: a validation error, not a failed condition.
    await expect(
      conditionalWrite(updateItem({ Key: key(), UpdateExpression: 'SET n = :missing' })),
    ).rejects.toThrow(/missing|ExpressionAttributeValues|:missing/i);
  });

  it('conditionalWriteReturning: what the write returned, or null when refused', async () => {
    const k = key();
    const update = () =>
      updateItem({
        Key: k,
        UpdateExpression: 'SET n = :n',
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':n': 7 },
        ReturnValues: 'ALL_NEW',
      });
    expect(await conditionalWriteReturning(update())).toMatchObject({ ...k, n: 7 });
    expect(await conditionalWriteReturning(update())).toBeNull();
  });

  it('conditionalTransaction: written, or refused with the reason of each item by position', async () => {
    const first = key();
    const second = key();
    const both = () =>
      transactWrite([
        { Put: { Item: { ...first, n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { Item: { ...second, n: 1 }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ]);
    expect(await conditionalTransaction(both())).toEqual({ written: true });
    await putItem({ ...first, n: 0 });
    const refused = await conditionalTransaction(
      transactWrite([
        {
          Put: {
            Item: { ...first, n: 2 },
            ConditionExpression: 'n = :one',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
        { Put: { Item: { ...second, n: 2 }, ConditionExpression: 'attribute_exists(pk)' } },
      ]),
    );
    expect(refused).toMatchObject({ written: false, reasons: ['ConditionalCheckFailed', 'None'] });
    expect((await getItem(second.pk, second.sk, true))?.n).toBe(1);
  });
});
