import * as z from 'zod/mini';
import { normalizeTag } from '../tags/normalize-tag';
import {
  type FieldMergerAction,
  type FieldMergerRequest,
  fieldMergerActionSchema,
  type MergeableField,
  mergeableFieldSchema,
  splitFinalValue,
} from './field-merger';

/**
 * A curation rule (issue 19): what the field merger decided for one value of one field, kept so that
 * mapping applies it again whenever an investor is mapped (Process all, a re-import of the same
 * person): the value becomes its final values (one for a merge, none for a remove, the parts of a
 * split). Values and finals are normalised tags.
 */
export const curationRuleSchema = z.object({
  field: mergeableFieldSchema,
  value: z.string(),
  finals: z.array(z.string()),
  action: fieldMergerActionSchema,
  createdAt: z.string(),
});
export type CurationRule = z.infer<typeof curationRuleSchema>;

/** Rules of one field by value: what `applyRules` reads. */
export type RuleMap = ReadonlyMap<string, readonly string[]>;

/** The rules a validated field-merger request records: one per value it changes. */
export function rulesOfRequest(request: FieldMergerRequest, createdAt: string): CurationRule[] {
  const rule = (value: string, finals: string[], action: FieldMergerAction): CurationRule => ({
    field: request.field,
    value: normalizeTag(value),
    finals,
    action,
    createdAt,
  });
  switch (request.action) {
    case 'merge':
      return request.values
        .filter((value) => normalizeTag(value) !== request.finalValue)
        .map((value) => rule(value, [request.finalValue], 'merge'));
    case 'remove':
      return request.values.map((value) => rule(value, [], 'remove'));
    case 'split':
      return request.values
        .slice(0, 1)
        .map((value) => rule(value, splitFinalValue(request.finalValue), 'split'));
  }
}

/**
 * The values a request makes final: an older rule that turns one of them into something else is
 * dropped when the request is recorded (merging into a value once removed brings it back).
 */
export function finalsOfRequest(request: FieldMergerRequest): string[] {
  return request.action === 'remove'
    ? []
    : request.action === 'merge'
      ? [request.finalValue]
      : splitFinalValue(request.finalValue);
}

/** Rules chain (a → b, then b → c) this many steps at most, so a cycle cannot loop. */
const MAX_CHAIN = 8;

/**
 * A list with every rule applied: each item with a rule becomes its finals, again until nothing
 * changes (at most {@link MAX_CHAIN} passes), then duplicates (by normalised tag) go, first kept.
 */
export function applyRules(list: readonly string[], rules: RuleMap): string[] {
  if (rules.size === 0) return [...list];
  let current = [...list];
  for (let pass = 0; pass < MAX_CHAIN; pass++) {
    let changed = false;
    current = current.flatMap((item) => {
      const finals = rules.get(normalizeTag(item));
      if (!finals) return [item];
      changed = true;
      return [...finals];
    });
    if (!changed) break;
  }
  const seen = new Set<string>();
  return current.filter((item) => {
    const key = normalizeTag(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How the rules list shows a rule: "fin tech → fintech", "crypto → (removed)". */
export function describeRule(rule: Pick<CurationRule, 'value' | 'finals'>): string {
  return `${rule.value} → ${rule.finals.length ? rule.finals.join(', ') : '(removed)'}`;
}

export type { MergeableField };
