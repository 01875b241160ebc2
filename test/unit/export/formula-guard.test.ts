import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { formulaSafeOptions, isPlainPhoneNumber } from '../../../lambdas/lib/export/formula-guard';

describe('the phone rule (isPlainPhoneNumber)', () => {
  it.each([
    '+44 20 7946 0958',
    '+1 (415) 555-0100',
    '+1-555-0100',
    '+33 1 42 68 53 00',
    '+4930901820',
    '020 7946 0958',
    '030/901820',
    '+49 (0)30 901820',
    '555.0100.12',
  ])('takes %j as a plain phone number', (value) => {
    expect(isPlainPhoneNumber(value)).toBe(true);
  });

  it.each([
    ['a DDE command', "+cmd|' /C calc'!A0"],
    ['a formula', '=HYPERLINK("http://evil.example")'],
    ['a formula after digits', '+1 555 0100+HYPERLINK("x")'],
    ['a sum', '+1+1'],
    ['a leading minus', '-1234567'],
    ['a leading at sign', '@1234567'],
    ['a leading tab', '\t+1 555 0100'],
    ['letters', '+1 555 CALL NOW'],
    ['an extension in words', '+1 555 0100 ext. 12'],
    ['two plus signs', '++1 555 0100'],
    ['too few digits', '+1 23'],
    ['too many digits (E.164 stops at 15)', '+1234 5678 9012 3456'],
    ['two separators in a row', '+44  20 7946 0958'],
    ['a trailing separator', '+44 20 7946 0958 '],
    ['two pairs of parentheses', '+1 (415) (555) 0100'],
    ['a full-width plus', '\uFF0B44 20 7946 0958'],
    ['nothing', ''],
  ])('refuses %s', (_, value) => {
    expect(isPlainPhoneNumber(value)).toBe(false);
  });
});

describe('formulaSafeOptions', () => {
  const write = (cells: string[], phoneColumns: number[]) =>
    stringify([cells], { ...formulaSafeOptions(phoneColumns), record_delimiter: 'unix' });

  it('lifts the guard for plain phone numbers in the phone columns only', () => {
    expect(write(['+44 20 7946 0958', '+44 20 7946 0958'], [1])).toBe("'+44 20 7946 0958,+44 20 7946 0958\n");
  });

  it('keeps the guard for anything else in a phone column', () => {
    expect(write(['=1+1', "+cmd|' /C calc'!A0"], [0, 1])).toBe(`'=1+1,'+cmd|' /C calc'!A0\n`);
  });
});
