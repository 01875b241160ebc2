import * as z from 'zod/mini';
import { taxonomyJobSchema, type UnmappedKind, unmappedKindSchema } from '../../../../shared/api/taxonomy';
import { accessPattern, defineModel, keyFragment, type TableKey } from '../model';
import { isoDate, TAXONOMY } from './common';

const UNMAPPED_PREFIX = 'UNMAPPED#';

/** A value the taxonomy does not know, as first written; the queue's counts come from its postings. */
export const unmappedValueModel = defineModel(
  'unmappedValue',
  z.object({ kind: unmappedKindSchema, key: z.string(), value: z.string(), firstSeenAt: isoDate }),
  (v) => ({ pk: TAXONOMY, sk: `${UNMAPPED_PREFIX}${v.kind}#${keyFragment(v.key, 900)}` }),
);

/** The unmapped values of one kind, by folded value (the admins' queue). */
export const unmappedValuesOf = accessPattern(
  {
    index: 'table',
    params: ['kind'],
    description: 'The values of one kind the taxonomy does not know (the queue)',
  },
  (kind: UnmappedKind) => ({ partition: TAXONOMY, sortPrefix: `${UNMAPPED_PREFIX}${kind}#` }),
);

const unmappedValuePartition = (kind: UnmappedKind, key: string) =>
  `UNMAPPED_VALUE#${kind}#${keyFragment(key, 1000)}`;

/** One investor carrying an unmapped value (its raw value stays on the imported record). */
export const unmappedPostingModel = defineModel(
  'unmappedPosting',
  z.object({ kind: unmappedKindSchema, key: z.string(), investorId: z.string(), name: z.string() }),
  (v) => ({ pk: unmappedValuePartition(v.kind, v.key), sk: `INV#${v.investorId}` }),
);

/** The investors carrying one unmapped value (the queue's count and examples; the re-map's pages). */
export const investorsWithUnmappedValue = accessPattern(
  { index: 'table', params: ['kind', 'key'], description: 'The investors carrying one unmapped value' },
  (kind: UnmappedKind, key: string) => ({ partition: unmappedValuePartition(kind, key), sortPrefix: 'INV#' }),
);

export const taxonomyJobKey = (id: string): TableKey => ({ pk: `TAXONOMY_JOB#${id}`, sk: 'JOB' });

/** A re-map run, with where its pages are (a scan cursor in `all` mode). */
export const taxonomyJobModel = defineModel(
  'taxonomyJob',
  z.object({ ...taxonomyJobSchema.shape, cursor: z.nullable(z.string()), startedByUserId: z.string() }),
  (v) => taxonomyJobKey(v.id),
);
export type TaxonomyJobItem = z.infer<typeof taxonomyJobModel.schema>;
