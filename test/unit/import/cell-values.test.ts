import { describe, expect, it } from 'vitest';
import {
  parseCheckSize,
  parseLeadsRounds,
  splitLinks,
  splitMultiValue,
} from '../../../shared/import/cell-values';

describe('splitMultiValue', () => {
  it('splits multi-values on comma, semicolon and slash', () => {
    expect(splitMultiValue('Seed, Series A; Series B/Growth')).toEqual([
      'Seed',
      'Series A',
      'Series B',
      'Growth',
    ]);
  });

  it('trims items and drops empty ones', () => {
    expect(splitMultiValue(' a ,, ;b/ /  ')).toEqual(['a', 'b']);
  });

  it('keeps items with parentheses together', () => {
    expect(splitMultiValue('Fintech (payments, lending), SaaS')).toEqual([
      'Fintech (payments, lending)',
      'SaaS',
    ]);
    expect(splitMultiValue('Health (a/b; c (d, e)), AI')).toEqual(['Health (a/b; c (d, e))', 'AI']);
  });

  it('splits on every separator when parentheses do not balance', () => {
    expect(splitMultiValue('Fintech (payments, SaaS')).toEqual(['Fintech (payments', 'SaaS']);
    expect(splitMultiValue('a), b (c')).toEqual(['a)', 'b (c']);
  });

  it('returns nothing for an empty cell', () => {
    expect(splitMultiValue('')).toEqual([]);
  });
});

describe('splitLinks', () => {
  it('splits on comma, semicolon and whitespace but not on slash', () => {
    expect(splitLinks('https://a.com/x, https://b.com/y;https://c.com https://d.com')).toEqual([
      'https://a.com/x',
      'https://b.com/y',
      'https://c.com',
      'https://d.com',
    ]);
  });

  it('returns nothing for a blank cell', () => {
    expect(splitLinks('  ')).toEqual([]);
  });
});

describe('parseCheckSize', () => {
  it.each([
    ['$500k', 500_000],
    ['500K', 500_000],
    ['1.5M', 1_500_000],
    ['1.5m', 1_500_000],
    ['2b', 2_000_000_000],
    ['2B', 2_000_000_000],
    ['250,000', 250_000],
    ['$1,000,000', 1_000_000],
    ['100000', 100_000],
    ['0', 0],
    [' $ 250 k ', 250_000],
    ['3MM', 3_000_000],
    ['1bn', 1_000_000_000],
    ['€750k', 750_000],
    ['USD 2M', 2_000_000],
    ['2M USD', 2_000_000],
    ['1.1M', 1_100_000],
  ] as const)('parses %j as %d', (text, amount) => {
    expect(parseCheckSize(text)).toBe(amount);
  });

  it.each(['bad', '', '   ', '-500k', '1M-2M', '$500k - $1M', '1.2.3', '5x', '25,00', '1,5M', '.5m', 'k'])(
    'gives null for %j',
    (text) => {
      expect(parseCheckSize(text)).toBeNull();
    },
  );

  it('gives null for null and undefined', () => {
    expect(parseCheckSize(null)).toBeNull();
    expect(parseCheckSize(undefined)).toBeNull();
  });
});

describe('parseLeadsRounds', () => {
  it('reads yes-like answers as true', () => {
    for (const answer of ['Yes', 'y', 'TRUE', '1', 'Lead', 'leads', 'Yes.']) {
      expect(parseLeadsRounds(answer)).toBe(true);
    }
  });

  it('reads no-like answers as false', () => {
    for (const answer of ['No', 'n', 'false', '0', 'Follow', 'follower']) {
      expect(parseLeadsRounds(answer)).toBe(false);
    }
  });

  it('gives null for anything else', () => {
    for (const answer of ['sometimes', '', ' ', null, undefined]) {
      expect(parseLeadsRounds(answer)).toBeNull();
    }
  });
});
