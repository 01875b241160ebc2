import { describe, expect, it } from 'vitest';
import {
  foldName,
  matchImportHeader,
  matchImportHeaders,
  normaliseEmail,
  parseAmount,
  parseIsoDate,
  readRow,
  rowFields,
  sameNameAndFirm,
} from '../../../shared/pipeline/import-rows';
import { foldText } from '../../../shared/search/fold';

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

  it('starts a row at its stage and says where its stage went; notes what it could not read', () => {
    expect(readRow({ stage: 'Meeting booked', amount: '100k', nextStepDate: '2026-01-02' })).toEqual({
      stage: 'meeting',
      amount: 100_000,
      nextStepDate: '2026-01-02',
      notices: ['Stage "Meeting booked": Meeting.'],
    });
    // A pass stays a pass (issue 50): without a reason, which the founder may add on the card.
    const odd = readRow({ stage: 'Passed', amount: 'some', nextStepDate: 'soon' });
    expect(odd.stage).toBe('passed');
    expect(odd.amount).toBeNull();
    expect(odd.notices).toEqual([
      'Stage "Passed": Passed (no reason given: add one on the investor\'s card if you like).',
      'Amount "some" is not a number: left empty.',
      'Next step date "soon" is not a date like 2026-12-31: left empty.',
    ]);
    expect(readRow({ stage: 'maybe later' }).notices).toEqual([
      'Stage "maybe later" is not one of the pipeline\'s: the investor starts at To contact.',
    ]);
    expect(readRow({}).notices).toEqual([]);
  });

  it('reads a "250k" as the raise form reads a "2.5M": one money parser (issue 50)', () => {
    expect(parseAmount('250k')).toBe(250_000);
    expect(parseAmount('2.5M')).toBe(2_500_000);
    expect(parseAmount('$1,000,000')).toBe(1_000_000);
    expect(parseAmount('2000000000000')).toBeNull();
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

  it('folds names as the search does: "Florian Weiss" is the directory\'s "Florian Weiß" (issue 50)', () => {
    expect(foldName('Florian Weiß')).toBe('florian weiss');
    expect(foldName('  Søren  Ørsted-Æbelø ')).toBe('soren orsted aebelo');
    expect(foldName('Florian Weiss')).toBe(foldText('Florian Weiß'));
    expect(
      sameNameAndFirm(
        { name: 'Florian Weiss', firm: 'Alpen Ventures' },
        { name: 'Florian Weiß', firmName: 'Alpen Ventures' },
      ),
    ).toBe(true);
    expect(sameNameAndFirm({ name: 'Florian Weis' }, { name: 'Florian Weiß', firmName: null })).toBe(false);
  });
});
