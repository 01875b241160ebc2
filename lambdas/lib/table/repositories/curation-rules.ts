import { MERGEABLE_FIELDS, type MergeableField } from '../../../../shared/curation/field-merger';
import type { CurationRule, RuleMap } from '../../../../shared/curation/rules';
import { normalizeTag } from '../../../../shared/tags/normalize-tag';
import { batchWrite, deleteRequest, putRequest } from '../batch';
import { curationRuleModel, curationRulesOf } from '../models';
import { queryAll } from '../table';

const ruleKey = (field: MergeableField, value: string) =>
  curationRuleModel.keys({ field, value: normalizeTag(value), finals: [], action: 'remove', createdAt: '' });

/** Every rule of one field, by value (a few hundred at most: one partition). */
export async function listCurationRules(field: MergeableField): Promise<CurationRule[]> {
  const items = await queryAll({
    ...curationRulesOf(field),
  });
  return items.map((item) => curationRuleModel.fromItem(item));
}

/** The rules of both fields as maps, read once per mapping batch. */
export async function curationRuleMaps(): Promise<Record<MergeableField, RuleMap>> {
  const [sectorFocus, stageFocus] = await Promise.all(MERGEABLE_FIELDS.map(listCurationRules));
  const map = (rules: CurationRule[] = []) => new Map(rules.map((rule) => [rule.value, rule.finals]));
  return { sectorFocus: map(sectorFocus), stageFocus: map(stageFocus) };
}

/**
 * Records a field merger's rules (a newer rule for a value replaces the older), and drops the rules
 * of values the request makes final: merging into a value once removed brings it back.
 */
export async function recordCurationRules(
  field: MergeableField,
  rules: readonly CurationRule[],
  finals: readonly string[],
): Promise<void> {
  const written = new Set(rules.map((rule) => rule.value));
  await batchWrite([
    ...finals
      .filter((final) => !written.has(normalizeTag(final)))
      .map((final) => deleteRequest(ruleKey(field, final))),
    ...rules.map((rule) => putRequest(curationRuleModel.toItem(rule))),
  ]);
}

/** Undoes a rule: mappings from now on keep the value as imported. */
export async function deleteCurationRule(field: MergeableField, value: string): Promise<void> {
  await batchWrite([deleteRequest(ruleKey(field, value))]);
}
