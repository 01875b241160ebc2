import * as z from 'zod/mini';
import { messages } from '../messages';
import { normalizeTag } from '../tags/normalize-tag';

/** Investor fields the field merger edits. */
export const MERGEABLE_FIELDS = ['sectorFocus', 'stageFocus'] as const;
export const mergeableFieldSchema = z.enum(MERGEABLE_FIELDS);
export type MergeableField = z.infer<typeof mergeableFieldSchema>;

/** How the admin page names each field. */
export const MERGEABLE_FIELD_LABELS: Readonly<Record<MergeableField, string>> = {
  sectorFocus: 'Sector Focus',
  stageFocus: 'Stage Focus',
};

/** At most this many existing values can be selected (spec section 9). */
export const MAX_SELECTED_VALUES = 6;

/** Refusal for more than 6 selected values. Not in `messages.ts`; defined here. */
export const TOO_MANY_VALUES_MESSAGE = `Select at most ${MAX_SELECTED_VALUES} values.`;

/** Refusal for a split without exactly one selected value. Not in `messages.ts`; defined here. */
export const SPLIT_NEEDS_ONE_VALUE_MESSAGE =
  'Split Value needs exactly one selected value and no free-form value.';

/**
 * The spec's 'Please fill in all fields', naming what is missing (issue 14): no value at all, or no
 * final value. Not in `messages.ts`; defined here.
 */
export const NO_VALUES_MESSAGE = `${messages.fillInAllFields}: select a value or enter an Other value.`;
export const NO_FINAL_VALUE_MESSAGE = `${messages.fillInAllFields}: the Final value is missing.`;

/** The three buttons of the field merger: Save (merge), Remove Values and Split Value. */
export const FIELD_MERGER_ACTIONS = ['merge', 'remove', 'split'] as const;
export const fieldMergerActionSchema = z.enum(FIELD_MERGER_ACTIONS);
export type FieldMergerAction = z.infer<typeof fieldMergerActionSchema>;

/** What the admin entered. */
export interface FieldMergerInput {
  field: MergeableField;
  /** Existing values picked from the list (at most 6). */
  selectedValues: readonly string[];
  /** An optional value typed in, treated like one more selected value. */
  freeFormValue?: string | null;
  finalValue?: string | null;
}

/** A validated request: the values to act on and the normalised final value. */
export interface FieldMergerRequest {
  action: FieldMergerAction;
  field: MergeableField;
  /** Selected values plus the free-form value, trimmed, blanks dropped, deduplicated by normalised tag. */
  values: string[];
  /** The normalised final value; '' for remove, which has none. */
  finalValue: string;
}

export type FieldMergerValidation = { ok: true; request: FieldMergerRequest } | { ok: false; error: string };

const dedupeByTag = (values: readonly string[]): string[] => {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = normalizeTag(value);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * The parts a split writes: the final value split on commas, each part normalised, blanks and duplicates
 * dropped. 'Fintech, Payments, , fintech' gives `['fintech', 'payments']`.
 */
export function splitFinalValue(finalValue: string): string[] {
  return dedupeByTag(finalValue.split(',').map(normalizeTag));
}

/**
 * Validates the field merger form for an action. Checks, in order:
 * 1. at least one selected or free-form value, and for merge and split a final value (for split, one with
 *    at least one non-blank comma-separated part); otherwise 'Please fill in all fields' naming what is
 *    missing ({@link NO_VALUES_MESSAGE}, {@link NO_FINAL_VALUE_MESSAGE}). Remove ignores
 *    the final value, since it writes nothing;
 * 2. at most 6 selected values ({@link TOO_MANY_VALUES_MESSAGE});
 * 3. for split, exactly one selected value and no free-form value ({@link SPLIT_NEEDS_ONE_VALUE_MESSAGE}).
 */
export function validateFieldMerger(
  action: FieldMergerAction,
  input: FieldMergerInput,
): FieldMergerValidation {
  const selected = dedupeByTag(input.selectedValues.map((value) => value.trim()));
  const freeForm = input.freeFormValue?.trim() ?? '';
  const values = dedupeByTag([...selected, freeForm]);
  const finalValue = action === 'remove' ? '' : normalizeTag(input.finalValue ?? '');
  const finalMissing =
    action === 'merge' ? finalValue === '' : action === 'split' && splitFinalValue(finalValue).length === 0;
  if (values.length === 0) return { ok: false, error: NO_VALUES_MESSAGE };
  if (finalMissing) return { ok: false, error: NO_FINAL_VALUE_MESSAGE };
  if (selected.length > MAX_SELECTED_VALUES) return { ok: false, error: TOO_MANY_VALUES_MESSAGE };
  if (action === 'split' && (selected.length !== 1 || freeForm !== '')) {
    return { ok: false, error: SPLIT_NEEDS_ONE_VALUE_MESSAGE };
  }
  return { ok: true, request: { action, field: input.field, values, finalValue } };
}

/** An investor's value list after an action, and whether it differs from before. */
export interface FieldChange {
  values: string[];
  changed: boolean;
}

const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((value, i) => value === b[i]);

const change = (before: readonly string[], after: string[]): FieldChange => ({
  values: after,
  changed: !sameList(before, after),
});

const matcher = (values: readonly string[]) => {
  const keys = new Set(values.map(normalizeTag));
  return (item: string): boolean => keys.has(normalizeTag(item));
};

/**
 * Merge: every item matching one of `values` (by normalised tag, so any case variant matches) becomes the
 * normalised final value, then the list is deduplicated by normalised tag keeping the first occurrence. A
 * list with no matching item is returned unchanged.
 */
export function mergeValues(
  list: readonly string[],
  values: readonly string[],
  finalValue: string,
): FieldChange {
  const matches = matcher(values);
  if (!list.some(matches)) return change(list, [...list]);
  const target = normalizeTag(finalValue);
  return change(list, dedupeByTag(list.map((item) => (matches(item) ? target : item))));
}

/** Remove: drops every item matching one of `values` by normalised tag. */
export function removeValues(list: readonly string[], values: readonly string[]): FieldChange {
  const matches = matcher(values);
  return change(
    list,
    list.filter((item) => !matches(item)),
  );
}

/**
 * Split: when the list holds `value` (by normalised tag), removes it and appends the parts of the final
 * value ({@link splitFinalValue}), then deduplicates by normalised tag keeping the first occurrence. A list
 * without the value is returned unchanged.
 */
export function splitValue(list: readonly string[], value: string, finalValue: string): FieldChange {
  const matches = matcher([value]);
  if (!list.some(matches)) return change(list, [...list]);
  return change(
    list,
    dedupeByTag([...list.filter((item) => !matches(item)), ...splitFinalValue(finalValue)]),
  );
}

/** Applies a validated request to one investor's value list. */
export function applyFieldMerger(request: FieldMergerRequest, list: readonly string[]): FieldChange {
  switch (request.action) {
    case 'merge':
      return mergeValues(list, request.values, request.finalValue);
    case 'remove':
      return removeValues(list, request.values);
    case 'split':
      return splitValue(list, request.values[0] ?? '', request.finalValue);
  }
}
