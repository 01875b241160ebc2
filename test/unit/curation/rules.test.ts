import { describe, expect, it } from 'vitest';
import { validateFieldMerger } from '../../../shared/curation/field-merger';
import { applyRules, describeRule, finalsOfRequest, rulesOfRequest } from '../../../shared/curation/rules';

const AT = '2026-11-25T10:00:00.000Z';
const request = (action: 'merge' | 'remove' | 'split', selectedValues: string[], finalValue = '') => {
  const validation = validateFieldMerger(action, { field: 'sectorFocus', selectedValues, finalValue });
  if (!validation.ok) throw new Error(validation.error);
  return validation.request;
};

describe('curation rules', () => {
  it('records one rule per value a merge changes (not the final value itself), normalised', () => {
    const merge = request('merge', ['Fin Tech', 'FINTECH ', 'payments'], 'FinTech');

    expect(rulesOfRequest(merge, AT)).toEqual([
      { field: 'sectorFocus', value: 'fin tech', finals: ['fintech'], action: 'merge', createdAt: AT },
      { field: 'sectorFocus', value: 'payments', finals: ['fintech'], action: 'merge', createdAt: AT },
    ]);
    expect(finalsOfRequest(merge)).toEqual(['fintech']);
  });

  it('records a remove as a value with no finals, and a split as its parts', () => {
    expect(rulesOfRequest(request('remove', ['Crypto']), AT)).toEqual([
      { field: 'sectorFocus', value: 'crypto', finals: [], action: 'remove', createdAt: AT },
    ]);
    const split = request('split', ['fintech & payments'], 'Fintech, Payments, ');
    expect(rulesOfRequest(split, AT)).toEqual([
      {
        field: 'sectorFocus',
        value: 'fintech & payments',
        finals: ['fintech', 'payments'],
        action: 'split',
        createdAt: AT,
      },
    ]);
    expect(finalsOfRequest(split)).toEqual(['fintech', 'payments']);
  });

  it('applies rules to a list, any case, chained, without duplicates, and stops on a cycle', () => {
    const rules = new Map([
      ['fin tech', ['fintech']],
      ['crypto', []],
      ['fintech & payments', ['fintech', 'payments']],
      ['payments', ['payments infra']],
      ['a', ['b']],
      ['b', ['a']],
    ]);

    expect(applyRules(['AI', 'Fin  Tech', 'crypto', 'fintech & payments', 'fintech'], rules)).toEqual([
      'AI',
      'fintech',
      'payments infra',
    ]);
    expect(applyRules(['a'], rules)).toHaveLength(1);
    expect(applyRules(['ai', 'ml'], new Map())).toEqual(['ai', 'ml']);
  });

  it('describes a rule for the rules list', () => {
    expect(describeRule({ value: 'fin tech', finals: ['fintech'] })).toBe('fin tech → fintech');
    expect(describeRule({ value: 'crypto', finals: [] })).toBe('crypto → (removed)');
  });
});
