import { parseMoney } from '../format/money';

/** Characters that separate the items of a multi-value cell (spec section 5). */
const MULTI_VALUE_SEPARATORS = new Set([',', ';', '/']);

const plainSplit = (value: string, isSeparator: (ch: string) => boolean): string[] => {
  const parts: string[] = [];
  let current = '';
  for (const ch of value) {
    if (isSeparator(ch)) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
};

const parenthesesBalance = (value: string): boolean => {
  let depth = 0;
  for (const ch of value) {
    if (ch === '(') depth += 1;
    else if (ch === ')') {
      depth -= 1;
      if (depth < 0) return false;
    }
  }
  return depth === 0;
};

const tidy = (parts: readonly string[]): string[] =>
  parts.map((part) => part.trim()).filter((part) => part !== '');

/**
 * Splits a multi-value cell on comma, semicolon or slash, trims the items and drops empty ones.
 * Separators inside parentheses do not split, so 'Fintech (payments, lending), SaaS' gives
 * `['Fintech (payments, lending)', 'SaaS']`. When the parentheses do not balance ('Fintech (payments, SaaS')
 * they are ignored and every separator splits.
 */
export function splitMultiValue(value: string): string[] {
  const isSeparator = (ch: string) => MULTI_VALUE_SEPARATORS.has(ch);
  if (!parenthesesBalance(value)) return tidy(plainSplit(value, isSeparator));
  let depth = 0;
  return tidy(
    plainSplit(value, (ch) => {
      if (ch === '(') depth += 1;
      else if (ch === ')') depth -= 1;
      return depth === 0 && isSeparator(ch);
    }),
  );
}

/**
 * Splits a cell of links (web sites, photos) on comma, semicolon or whitespace, but not on slash, which
 * belongs to the URLs themselves. Items are trimmed, empty ones dropped.
 */
export function splitLinks(value: string): string[] {
  return tidy(value.split(/[,;\s]+/));
}

/**
 * Parses a check size to a whole amount: the one money parser every amount field reads
 * (`shared/format/money.ts`): '$500k' gives 500000, '1.5M' 1500000, '2b' 2000000000; anything else
 * (empty, negative, ranges such as '1M-2M', words) gives `null`.
 */
export const parseCheckSize = (text: string | null | undefined): number | null => parseMoney(text);

const YES = new Set(['yes', 'y', 'true', '1', 'lead', 'leads', 'leader']);
const NO = new Set(['no', 'n', 'false', '0', 'follow', 'follows', 'follower']);

/**
 * Parses a 'leads rounds' answer: yes/y/true/1/lead/leads/leader give `true`, no/n/false/0/follow/follows/
 * follower give `false` (case-insensitive, trailing punctuation ignored), anything else (including blank)
 * gives `null`.
 */
export function parseLeadsRounds(text: string | null | undefined): boolean | null {
  if (text == null) return null;
  const answer = text
    .trim()
    .toLowerCase()
    .replace(/[.!?]+$/, '');
  if (YES.has(answer)) return true;
  if (NO.has(answer)) return false;
  return null;
}
