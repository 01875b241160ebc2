import * as z from 'zod/mini';
import { curationJobSchema } from '../../../../shared/curation/job';
import { curationRuleSchema } from '../../../../shared/curation/rules';
import { accessPattern, defineModel, keyFragment, type TableKey } from '../model';

/** A field merger's decision for one value, applied again by every mapping (shared/curation/rules.ts). */
export const curationRuleModel = defineModel('curationRule', curationRuleSchema, (v) => ({
  pk: `CURATION#${v.field}`,
  sk: `${RULE_PREFIX}${keyFragment(v.value, 1000)}`,
}));
const RULE_PREFIX = 'RULE#';

/** Every rule of one field, by value (one Query of the field's partition). */
export const curationRulesOf = accessPattern(
  {
    index: 'table',
    params: ['field'],
    description: "The field merger's rules of one field (read by every mapping batch)",
  },
  (field: string) => ({ partition: `CURATION#${field}`, sortPrefix: RULE_PREFIX }),
);

export const curationJobKey = (id: string): TableKey => ({ pk: `CURATION_JOB#${id}`, sk: 'JOB' });

/** A field-merger run, with where its batches are (the value and the postings cursor). */
export const curationJobModel = defineModel(
  'curationJob',
  z.object({
    ...curationJobSchema.shape,
    valueIndex: z.int(),
    cursor: z.nullable(z.string()),
    startedByUserId: z.string(),
  }),
  (v) => curationJobKey(v.id),
);
export type CurationJobItem = z.infer<typeof curationJobModel.schema>;
