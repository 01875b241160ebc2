import { describe, expect, it } from 'vitest';
import {
  matchImportHeader,
  matchImportHeaders,
  normaliseEmail,
  parseAmount,
  parseIsoDate,
  readRow,
  rowFields,
  sameNameAndFirm,
} from '../../../shared/pipeline/import-rows';

describe("a founder's spreadsheet, read for the pipeline", () => {
  it('matches the headers founders write: the admin import’s names and contacts, the pipeline’s own columns', () => {
    expect(
      matchImportHeaders([
        'Investor',
        'Fund Name',
        'E-mail',
        'Mobile',
        'LinkedIn URL',
        'Status',
        'Amount discussed',
        'Next step',
        'Next step date',
        'Comments',
        'Favourite colour',
      ]),
    ).toEqual([
      'name',
      'firm',
      'email',
      'phone',
      'linkedinUrl',
      'stage',
      'amount',
      'nextStep',
      'nextStepDate',
      'notes',
      null,
    ]);
    expect(matchImportHeader('Deal Stage')).toBe('stage');
    expect(matchImportHeader('Follow-up date')).toBe('nextStepDate');
    expect(matchImportHeader('First Name')).toBe('firstName');
    expect(matchImportHeader('')).toBeNull();
  });

  it('feeds each field from one column only (the first)', () => {
    expect(matchImportHeaders(['Email', 'Work Email'])).toEqual(['email', null]);
  });

  it('makes the name from first and last name when no column gives it whole', () => {
    const fields = matchImportHeaders(['First Name', 'Last Name', 'Company']);
    expect(rowFields(['  Ada ', 'Lovelace', ''], fields)).toEqual({ name: 'Ada Lovelace' });
  });

  it('reads amounts as founders write them', () => {
    expect(parseAmount('$250k')).toBe(250_000);
    expect(parseAmount('1.5M')).toBe(1_500_000);
    expect(parseAmount('250,000 USD')).toBe(250_000);
    expect(parseAmount('€300 000')).toBe(300_000);
    expect(parseAmount('lots')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
  });

  it('reads dates as YYYY-MM-DD (or with slashes), and refuses a date that is not in the calendar', () => {
    expect(parseIsoDate('2026-12-24')).toBe('2026-12-24');
    expect(parseIsoDate('2026/1/5')).toBe('2026-01-05');
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('24/12/2026')).toBeNull();
  });

  it('starts a row at its stage, notes what it could not read, and never starts one at Passed (no reason)', () => {
    expect(readRow({ stage: 'Meeting', amount: '100k', nextStepDate: '2026-01-02' })).toEqual({
      stage: 'meeting',
      amount: 100_000,
      nextStepDate: '2026-01-02',
      notices: [],
    });
    const odd = readRow({ stage: 'Passed', amount: 'some', nextStepDate: 'soon' });
    expect(odd.stage).toBe('toContact');
    expect(odd.amount).toBeNull();
    expect(odd.notices).toHaveLength(3);
  });

  it('matches emails whatever their case and spaces', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('matches a directory card by name and firm, accents and case folded; a row without firm matches on the name', () => {
    const card = { name: 'Zoë Ávila', firmName: 'Núcleo Capital' };
    expect(sameNameAndFirm({ name: 'zoe avila', firm: 'NUCLEO capital' }, card)).toBe(true);
    expect(sameNameAndFirm({ name: 'Zoë Ávila' }, card)).toBe(true);
    expect(sameNameAndFirm({ name: 'Zoë Ávila', firm: 'Other Fund' }, card)).toBe(false);
    expect(sameNameAndFirm({ name: 'Zoe Avila-Smith', firm: 'Núcleo Capital' }, card)).toBe(false);
    expect(sameNameAndFirm({ firm: 'Núcleo Capital' }, card)).toBe(false);
  });
});
