import { describe, expect, it } from 'vitest';
import {
  checkKeySizes,
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  KeyTooLongError,
  keyFragment,
} from '../../../lambdas/lib/table/model';
import {
  emailIndexKey,
  nameSortKey,
  tagPartitionKey,
  tagPostingModel,
} from '../../../lambdas/lib/table/models';
import { blankCard } from '../support/cards';

const bytes = (value: string) => Buffer.byteLength(value, 'utf8');

describe("DynamoDB's key limits, enforced in both homes", () => {
  it('cuts a key fragment at a character boundary within its byte budget', () => {
    expect(keyFragment('short', 10)).toBe('short');
    // 'é' (2 bytes) and '😀' (4 bytes) are never split.
    expect(keyFragment('ééé', 5)).toBe('éé');
    expect(keyFragment('a😀b', 4)).toBe('a');
  });

  it('keeps keys built from user data within the limits, whatever its length', () => {
    const long = 'Ä'.repeat(3_000);
    expect(bytes(nameSortKey(long, 'inv_0123456789abcdef'))).toBeLessThanOrEqual(1_024);
    expect(bytes(tagPartitionKey('sector', long))).toBeLessThanOrEqual(2_048);
    expect(bytes(emailIndexKey(`${long}@example.com`))).toBeLessThanOrEqual(2_048);
    const posting = tagPostingModel.keys({
      kind: 'sector',
      tagKey: long,
      investor: blankCard('inv_1', { name: long }),
    });
    expect(bytes(posting.sk ?? '')).toBeLessThanOrEqual(1_024);
  });

  it('refuses a key AWS would refuse, naming the entity and the attribute', () => {
    expect(() => checkKeySizes('tagPosting', { pk: 'TAG#x', sk: `NAME#${'a'.repeat(1_100)}` })).toThrow(
      new KeyTooLongError("tagPosting: sk is 1105 bytes, over DynamoDB's 1024"),
    );
    expect(() => checkKeySizes('x', { gsi1pk: 'p'.repeat(2_049) })).toThrow(KeyTooLongError);
    expect(() => checkKeySizes('x', { pk: 'p'.repeat(2_048), sk: 's'.repeat(1_024) })).not.toThrow();
  });

  it('refuses a cursor whose sort key DynamoDB would refuse', () => {
    const cursor = encodeCursor({ pk: 'TAG#sector#ai', sk: `NAME#${'a'.repeat(1_100)}#inv_1` });
    expect(() => decodeCursor(cursor)).toThrow(InvalidCursorError);
    const fine = encodeCursor({ pk: 'TAG#sector#ai', sk: 'NAME#ada#inv_1' });
    expect(decodeCursor(fine)).toEqual({ pk: 'TAG#sector#ai', sk: 'NAME#ada#inv_1' });
  });
});
