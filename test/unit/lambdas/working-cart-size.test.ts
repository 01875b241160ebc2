import { describe, expect, it } from 'vitest';
import { workingCartModel } from '../../../lambdas/lib/table/models';
import { putWorkingCartBody } from '../../../shared/api/working-cart';
import { EXPORT_COLUMN_KEYS } from '../../../shared/cart/export';
import { MAX_CART_ITEMS } from '../../../shared/cart/pricing';

/** DynamoDB's largest item: 400 KB, attribute names and values together. */
const MAX_ITEM_BYTES = 400 * 1024;

/**
 * An item's size as DynamoDB counts it (AWS, "Item sizes and formats"): each attribute's name in
 * UTF-8 plus its value; a string its UTF-8 length, a number up to 21 bytes, a boolean or null 1 byte,
 * a list or map 3 bytes plus 1 byte per element on top of the elements.
 */
function dynamoSize(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return 21;
  if (typeof value === 'boolean' || value === null) return 1;
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, v) => sum + 1 + dynamoSize(v), 0);
  if (typeof value === 'object' && value)
    return (
      3 +
      Object.entries(value).reduce(
        (sum, [name, v]) => sum + 1 + Buffer.byteLength(name, 'utf8') + dynamoSize(v),
        0,
      )
    );
  return 0;
}
const itemSize = (item: Record<string, unknown>) =>
  Object.entries(item).reduce((sum, [name, v]) => sum + Buffer.byteLength(name, 'utf8') + dynamoSize(v), 0);

describe('the working cart item (USER#sub / WORKING_CART)', () => {
  it('holds 2,500 ids of the longest length the API takes well inside the 400 KB item limit', () => {
    const longest = Array.from({ length: MAX_CART_ITEMS }, (_, i) => String(i).padStart(64, 'x'));
    // The API takes exactly these: 2,500 ids of 64 characters.
    expect(
      putWorkingCartBody.safeParse({
        expectedVersion: 3,
        investorIds: longest,
        columnOrder: [...EXPORT_COLUMN_KEYS],
        cartId: 'cart_20261126-ABCDEFGH',
      }).success,
    ).toBe(true);
    const item = workingCartModel.toItem({
      userId: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
      investorIds: longest,
      columnOrder: [...EXPORT_COLUMN_KEYS],
      cartId: 'cart_20261126-ABCDEFGH',
      version: 1_000_000,
      updatedAt: '2026-11-26T06:42:00.000Z',
    });
    const size = itemSize(item);
    expect(size).toBeGreaterThan(MAX_CART_ITEMS * 64);
    expect(size).toBeLessThan(MAX_ITEM_BYTES / 2);
  });
});
