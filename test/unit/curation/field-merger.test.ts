import { describe, expect, it } from 'vitest';
import type { FieldMergerInput } from '../../../shared/curation/field-merger';
import {
  applyFieldMerger,
  MAX_SELECTED_VALUES,
  MERGEABLE_FIELD_LABELS,
  MERGEABLE_FIELDS,
  mergeableFieldSchema,
  mergeValues,
  NO_FINAL_VALUE_MESSAGE,
  removeValues,
  SPLIT_NEEDS_ONE_VALUE_MESSAGE,
  splitFinalValue,
  splitValue,
  TOO_MANY_VALUES_MESSAGE,
  validateFieldMerger,
} from '../../../shared/curation/field-merger';

const input = (overrides: Partial<FieldMergerInput> = {}): FieldMergerInput => ({
  field: 'sectorFocus',
  selectedValues: ['fintech'],
  freeFormValue: '',
  finalValue: 'financial services',
  ...overrides,
});

describe('field merger fields', () => {
  it("offers 'Sector Focus' and 'Stage Focus'", () => {
    expect(MERGEABLE_FIELDS).toEqual(['sectorFocus', 'stageFocus']);
    expect(MERGEABLE_FIELD_LABELS).toEqual({ sectorFocus: 'Sector Focus', stageFocus: 'Stage Focus' });
  });

  it('refuses any other field', () => {
    expect(mergeableFieldSchema.safeParse('stageFocus').success).toBe(true);
    expect(mergeableFieldSchema.safeParse('tags').success).toBe(false);
  });
});

describe('validateFieldMerger', () => {
  it('accepts a merge with selected values and a final value, normalising the final value', () => {
    expect(
      validateFieldMerger(
        'merge',
        input({ selectedValues: ['FinTech', 'fin tech'], finalValue: ' Fin  Tech ' }),
      ),
    ).toEqual({
      ok: true,
      request: {
        action: 'merge',
        field: 'sectorFocus',
        values: ['FinTech', 'fin tech'],
        finalValue: 'fin tech',
      },
    });
  });

  it("refuses a missing final value with 'Please fill in all fields' naming the Final value", () => {
    for (const finalValue of ['', '   ', null, undefined]) {
      expect(validateFieldMerger('merge', input({ finalValue }))).toEqual({
        ok: false,
        error: 'Please fill in all fields: the Final value is missing.',
      });
    }
  });

  it("refuses no selected and no free-form value with 'Please fill in all fields' saying what to give", () => {
    for (const action of ['merge', 'remove', 'split'] as const) {
      expect(validateFieldMerger(action, input({ selectedValues: [' '], freeFormValue: '  ' }))).toEqual({
        ok: false,
        error: 'Please fill in all fields: select a value or enter an Other value.',
      });
    }
  });

  it('accepts a free-form value alone, adding it to the values', () => {
    const result = validateFieldMerger('merge', input({ selectedValues: [], freeFormValue: ' FINTECH ' }));
    expect(result).toMatchObject({ ok: true, request: { values: ['FINTECH'] } });
  });

  it('dedupes the free-form value against the selected values by normalised tag', () => {
    const result = validateFieldMerger(
      'merge',
      input({ selectedValues: ['ai', 'saas'], freeFormValue: 'AI' }),
    );
    expect(result).toMatchObject({ ok: true, request: { values: ['ai', 'saas'] } });
  });

  it('accepts 6 selected values plus a free-form value', () => {
    const selectedValues = ['a', 'b', 'c', 'd', 'e', 'f'];
    const result = validateFieldMerger('merge', input({ selectedValues, freeFormValue: 'g' }));
    expect(MAX_SELECTED_VALUES).toBe(6);
    expect(result).toMatchObject({ ok: true, request: { values: [...selectedValues, 'g'] } });
  });

  it('refuses more than 6 selected values with a clear message', () => {
    const result = validateFieldMerger(
      'merge',
      input({ selectedValues: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }),
    );
    expect(result).toEqual({ ok: false, error: TOO_MANY_VALUES_MESSAGE });
    expect(TOO_MANY_VALUES_MESSAGE).toBe('Select at most 6 values.');
  });

  it('does not need a final value to remove values', () => {
    expect(validateFieldMerger('remove', input({ finalValue: '' }))).toEqual({
      ok: true,
      request: { action: 'remove', field: 'sectorFocus', values: ['fintech'], finalValue: '' },
    });
  });

  it('accepts a split of exactly one selected value', () => {
    const result = validateFieldMerger('split', input({ selectedValues: ['ai/ml'], finalValue: 'AI, ML' }));
    expect(result).toMatchObject({ ok: true, request: { values: ['ai/ml'], finalValue: 'ai, ml' } });
  });

  it('refuses a split of more or fewer than one selected value', () => {
    const two = validateFieldMerger('split', input({ selectedValues: ['a', 'b'], finalValue: 'x, y' }));
    const none = validateFieldMerger(
      'split',
      input({ selectedValues: [], freeFormValue: 'a', finalValue: 'x, y' }),
    );
    expect(two).toEqual({ ok: false, error: SPLIT_NEEDS_ONE_VALUE_MESSAGE });
    expect(none).toEqual({ ok: false, error: SPLIT_NEEDS_ONE_VALUE_MESSAGE });
  });

  it('refuses a split with a free-form value next to the selected one', () => {
    const result = validateFieldMerger('split', input({ freeFormValue: 'other', finalValue: 'x, y' }));
    expect(result).toEqual({ ok: false, error: SPLIT_NEEDS_ONE_VALUE_MESSAGE });
  });

  it("refuses a split whose final value has no parts with 'Please fill in all fields' naming the Final value", () => {
    expect(validateFieldMerger('split', input({ finalValue: ' , ,' }))).toEqual({
      ok: false,
      error: NO_FINAL_VALUE_MESSAGE,
    });
  });
});

describe('splitFinalValue', () => {
  it('splits on commas, trims, normalises and drops blanks and duplicates', () => {
    expect(splitFinalValue(' Fintech, Payments, , fintech ,Lending ')).toEqual([
      'fintech',
      'payments',
      'lending',
    ]);
  });

  it('splits only on commas', () => {
    expect(splitFinalValue('ai/ml; data')).toEqual(['ai/ml; data']);
  });

  it('gives nothing for a blank value', () => {
    expect(splitFinalValue(' , ')).toEqual([]);
  });
});

describe('mergeValues', () => {
  it('replaces every selected value with the final value and dedupes, preserving order', () => {
    expect(
      mergeValues(['ai', 'fintech', 'saas', 'fin tech'], ['fintech', 'fin tech'], 'financial services'),
    ).toEqual({
      values: ['ai', 'financial services', 'saas'],
      changed: true,
    });
  });

  it('matches any case variant of a selected value', () => {
    expect(mergeValues(['FinTech', 'SaaS', 'FINTECH'], ['fintech'], 'Fintech')).toEqual({
      values: ['fintech', 'SaaS'],
      changed: true,
    });
  });

  it('dedupes against a final value already in the list, keeping the first position', () => {
    expect(mergeValues(['payments', 'fintech'], ['payments'], 'fintech')).toEqual({
      values: ['fintech'],
      changed: true,
    });
  });

  it('leaves a list without any selected value unchanged', () => {
    const list = ['ai', 'ai', 'saas'];
    expect(mergeValues(list, ['fintech'], 'financial services')).toEqual({ values: list, changed: false });
  });

  it('reports no change when the merge rewrites a value to itself', () => {
    expect(mergeValues(['fintech', 'ai'], ['FinTech'], 'fintech')).toEqual({
      values: ['fintech', 'ai'],
      changed: false,
    });
  });

  it('does not mutate the input list', () => {
    const list = ['fintech'];
    mergeValues(list, ['fintech'], 'finance');
    expect(list).toEqual(['fintech']);
  });
});

describe('removeValues', () => {
  it('filters every selected value out, in any case variant', () => {
    expect(removeValues(['ai', 'Crypto', 'saas', 'web3'], ['crypto', 'WEB3'])).toEqual({
      values: ['ai', 'saas'],
      changed: true,
    });
  });

  it('leaves a list without the values unchanged', () => {
    expect(removeValues(['ai'], ['crypto'])).toEqual({ values: ['ai'], changed: false });
  });

  it('can empty a list', () => {
    expect(removeValues(['crypto'], ['crypto'])).toEqual({ values: [], changed: true });
  });
});

describe('splitValue', () => {
  it('removes the value and appends the comma-split parts of the final value', () => {
    expect(splitValue(['ai/ml', 'saas'], 'ai/ml', 'AI, Machine Learning')).toEqual({
      values: ['saas', 'ai', 'machine learning'],
      changed: true,
    });
  });

  it('matches the value in any case variant and dedupes the parts against the list', () => {
    expect(
      splitValue(['SaaS', 'Fintech & Payments'], 'fintech & payments', 'saas, fintech, payments'),
    ).toEqual({
      values: ['SaaS', 'fintech', 'payments'],
      changed: true,
    });
  });

  it('leaves a list without the value unchanged', () => {
    expect(splitValue(['saas'], 'ai/ml', 'ai, ml')).toEqual({ values: ['saas'], changed: false });
  });
});

describe('applyFieldMerger', () => {
  const list = ['fintech', 'ai/ml', 'saas'];

  it('applies a validated merge, remove or split to a value list', () => {
    const merge = validateFieldMerger('merge', input({ selectedValues: ['FinTech'], finalValue: 'Finance' }));
    const remove = validateFieldMerger('remove', input({ selectedValues: ['saas'] }));
    const split = validateFieldMerger('split', input({ selectedValues: ['ai/ml'], finalValue: 'ai, ml' }));
    if (!merge.ok || !remove.ok || !split.ok) throw new Error('expected valid requests');
    expect(applyFieldMerger(merge.request, list).values).toEqual(['finance', 'ai/ml', 'saas']);
    expect(applyFieldMerger(remove.request, list).values).toEqual(['fintech', 'ai/ml']);
    expect(applyFieldMerger(split.request, list).values).toEqual(['fintech', 'saas', 'ai', 'ml']);
  });
});
