import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoint } from '../../../lambdas/lib/http';
import { findForbiddenText, hasForbiddenCharacters } from '../../../lambdas/lib/middlewares/free-text';
import '../../../lambdas/lib/zod-messages';

describe('forbidden characters in free text', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['delete', 'a\u007Fb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'https://x.example/\u202Egpj.exe'],
    ['a left-to-right embedding', '\u202Aabc'],
    ['a first-strong isolate', 'abc\u2068'],
    ['an unpaired high surrogate', 'abc\uD83D'],
    ['an unpaired low surrogate', '\uDE00abc'],
  ])('finds %s', (_, text) => {
    expect(hasForbiddenCharacters(text)).toBe(true);
  });

  it.each([
    ['tabs and line breaks', 'one\ttwo\r\nthree'],
    ['an emoji (a surrogate pair)', 'Great pod 🎙️'],
    ['right-to-left text', 'שלום עולם'],
    ['accents', 'Ávila Lovelace'],
    ['a left-to-right mark', 'abc\u200E'],
  ])('keeps %s', (_, text) => {
    expect(hasForbiddenCharacters(text)).toBe(false);
  });

  it('gives the path of the first offending string, array items included', () => {
    expect(findForbiddenText({ title: 'ok', participants: ['Ada', 'Bo\u202Eb'] })).toEqual({
      path: ['participants', 1],
    });
    expect(findForbiddenText({ nested: { deep: [{ v: 'x\uD800' }] } })).toEqual({
      path: ['nested', 'deep', 0, 'v'],
    });
    expect(findForbiddenText({ a: 'x\u0007', b: 'y\u0007' })).toEqual({ path: ['a'] });
    expect(findForbiddenText({ a: 1, b: null, c: ['fine'] })).toBeNull();
  });

  it('gives the position of a field whose name holds one, never the name', () => {
    expect(findForbiddenText({ ok: 1, 'ke\u0000y': 'ok' })).toEqual({ path: [], namePosition: 2 });
    expect(findForbiddenText({ links: { 'a\u202E': 'x' } })).toEqual({ path: ['links'], namePosition: 1 });
  });

  it('walks 10,000 nested lists without recursion', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findForbiddenText(deep)?.path).toHaveLength(10_000);
  });
});

describe('zod messages a person understands', () => {
  const message = (schema: z.core.$ZodType, value: unknown) => {
    const result = z.safeParse(schema, value);
    if (result.success) throw new Error('expected a failure');
    return result.error.issues[0]?.message;
  };

  it('names the field and says what it takes', () => {
    const schema = z.strictObject({
      title: z.string().check(z.maxLength(200)),
      tags: z.array(z.string()).check(z.maxLength(3)),
      count: z.int().check(z.gte(1)),
      kind: z.enum(['a', 'b']),
      email: z.email(),
    });
    const valid = { title: 't', tags: [], count: 1, kind: 'a', email: 'a@b.co' };

    expect(message(schema, { ...valid, title: 'x'.repeat(201) })).toBe(
      'title must be at most 200 characters',
    );
    expect(message(schema, { ...valid, tags: ['a', 'b', 'c', 'd'] })).toBe('tags can hold at most 3 items');
    expect(message(schema, { ...valid, count: 0 })).toBe('count must be at least 1');
    expect(message(schema, { ...valid, count: 1.5 })).toBe('count must be a whole number');
    expect(message(schema, { ...valid, kind: 'c' })).toBe('kind must be one of: a, b');
    expect(message(schema, { ...valid, email: 'nope' })).toBe('email must be an email address');
    expect(message(schema, { ...valid, title: undefined })).toBe('title is required');
    expect(message(schema, { ...valid, tags: 'a' })).toBe('tags must be a list');
    expect(message(schema, { ...valid, extra: 1 })).toBe(
      "Unknown field 'extra': this request does not take it",
    );
  });

  it("keeps a schema's own message", () => {
    expect(message(z.string().check(z.minLength(1, 'Name is required.')), '')).toBe('Name is required.');
  });
});

describe('endpoint()', () => {
  const handle = async () => null;

  it('refuses, when the module loads, a body schema that would silently drop unknown fields', () => {
    expect(() => endpoint({ auth: 'user', body: z.object({ a: z.string() }), handle })).toThrow(
      'A body schema must refuse unknown fields: declare it with z.strictObject',
    );
    expect(() => endpoint({ auth: 'user', body: z.optional(z.object({})), handle })).toThrow(/strictObject/);
  });

  it('accepts strict body schemas, optional ones too', () => {
    expect(() => endpoint({ auth: 'user', body: z.strictObject({ a: z.string() }), handle })).not.toThrow();
    expect(() => endpoint({ auth: 'user', body: z.optional(z.strictObject({})), handle })).not.toThrow();
  });
});
