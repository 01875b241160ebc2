import * as z from 'zod/mini';
import { cartInvestorSchema } from '../../../../shared/cart/cart';
import { profileSheetSchema } from '../../../../shared/investors/profile-facts';
import { contactSheetSchema } from '../../../../shared/investors/provenance';
import { investorRoleSchema } from '../../../../shared/investors/roles';
import { importedInvestorSchema, searchableInvestorSchema } from '../../../../shared/investors/types';
import { accessPattern, defineModel, keyFragment, type TableKey } from '../model';
import { DIRECTORY, investorPartition } from './common';

/** The index partition of an import job's staged rows (written, not yet published). */
const stagedIndexKey = (jobId: string) => `STAGED#${jobId}`;
const UNMAPPED = 'UNMAPPED';

export const importedInvestorKey = (id: string): TableKey => ({ pk: `IMPORTED#${id}`, sk: 'IMPORTED' });

/** The imported investors with one email, any case (`gsi1`). */
export const importedInvestorsWithEmail = accessPattern(
  { index: 'gsi1', params: ['email'], description: 'The imported investors with one email (any case)' },
  (email: string) => ({ partition: emailIndexKey(email) }),
);

/** The imported investors not yet mapped (`gsi2`, sparse). */
export const unmappedImportedInvestors = accessPattern(
  { index: 'gsi2', params: [], description: 'The imported investors not yet mapped (process unmapped)' },
  () => ({ partition: UNMAPPED }),
);

/** An import job's staged rows, written and not yet published (`gsi2`). */
export const stagedRowsOf = accessPattern(
  {
    index: 'gsi2',
    params: ['jobId'],
    description: "An import job's staged rows (publishing, counting, discarding)",
  },
  (jobId: string) => ({ partition: stagedIndexKey(jobId) }),
);

export const importedInvestorModel = defineModel('importedInvestor', importedInvestorSchema, (v) => ({
  ...importedInvestorKey(v.id),
  ...(v.email?.trim() ? { gsi1pk: emailIndexKey(v.email), gsi1sk: `IMPORTED#${v.id}` } : {}),
  // Sparse: only pending records are in the "unmapped" index; staged ones are under their import job.
  ...(v.status === 'pending' ? { gsi2pk: UNMAPPED, gsi2sk: `${v.importedAt}#${v.id}` } : {}),
  ...(v.status === 'staged' ? { gsi2pk: stagedIndexKey(v.importJobId ?? ''), gsi2sk: v.id } : {}),
}));

export const searchableInvestorKey = (id: string): TableKey => ({
  pk: investorPartition(id),
  sk: 'INVESTOR',
});

export const searchableInvestorModel = defineModel('searchableInvestor', searchableInvestorSchema, (v) =>
  searchableInvestorKey(v.id),
);

/**
 * An investor's contact sheet (issue 20): each contact value with its source and dates, beside the
 * searchable investor in its partition. Private: read only by its own key, never by a public route.
 * Written only when it says more than the investor's linked imported record (docs/data-model.md,
 * "Provenance").
 */
export const investorContactsKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'CONTACTS',
});
export const investorContactsModel = defineModel('investorContacts', contactSheetSchema, (v) =>
  investorContactsKey(v.investorId),
);

/**
 * An investor's profile sheet (issue 33): each public profile fact (thesis, website, lead or follow,
 * typical cheque, geographic focus, portfolio, recent investments) with its source and dates, beside
 * the contact sheet. Public values, private sources. Written only when it says more than the
 * investor's linked imported record (docs/data-model.md, "Profile facts").
 */
export const investorProfileFactsKey = (investorId: string): TableKey => ({
  pk: investorPartition(investorId),
  sk: 'PROFILE_FACTS',
});
export const investorProfileFactsModel = defineModel('investorProfileFacts', profileSheetSchema, (v) =>
  investorProfileFactsKey(v.investorId),
);

export const TAG_KINDS = ['stage', 'sector'] as const;
export type TagKind = (typeof TAG_KINDS)[number];
export const tagKindSchema = z.enum(TAG_KINDS);

/**
 * Sort key that keeps postings alphabetical by name, then by id for equal names. Accents are
 * folded (Ávila sorts with the A's) because DynamoDB orders sort keys by their UTF-8 bytes.
 */
export const nameSortKey = (name: string, id: string) =>
  `NAME#${keyFragment(name.normalize('NFKD').replace(/\p{M}/gu, '').trim().toLowerCase(), 900)}#${id}`;

/** A tag's partition: the normalised tag, cut to fit DynamoDB's key limit (a tag is rarely past 50 bytes). */
export const tagPartitionKey = (kind: TagKind, tagKey: string) => `TAG#${kind}#${keyFragment(tagKey, 1000)}`;

/** The imported-investors-by-email index key: the trimmed, lower-case email, cut to fit. */
export const emailIndexKey = (email: string) => `EMAIL#${keyFragment(email.trim().toLowerCase(), 1000)}`;

/**
 * One posting per searchable investor per stage or sector tag, carrying the card search shows, so
 * a page of results is one Query whatever the number of matches.
 */
const NAME_PREFIX = 'NAME#';

/** The postings of one tag, alphabetical by name (search; the field merger's batches). */
export const postingsOfTag = accessPattern(
  {
    index: 'table',
    params: ['kind', 'tagKey'],
    description: 'The investors carrying one stage or sector tag, by name (search)',
  },
  (kind: TagKind, tagKey: string) => ({ partition: tagPartitionKey(kind, tagKey), sortPrefix: NAME_PREFIX }),
);

export const tagPostingModel = defineModel(
  'tagPosting',
  z.object({
    kind: tagKindSchema,
    tagKey: z.string(),
    investor: cartInvestorSchema,
  }),
  (v) => ({ pk: tagPartitionKey(v.kind, v.tagKey), sk: nameSortKey(v.investor.name, v.investor.id) }),
);
export type TagPosting = z.infer<typeof tagPostingModel.schema>;

/** gsi1 lists every tag counter, so aggregation reads counters with one Query instead of a Scan. */
const TAG_COUNTERS = 'TAGCOUNTERS';

export const tagCounterKey = (kind: TagKind, tagKey: string): TableKey => ({
  pk: tagPartitionKey(kind, tagKey),
  sk: '#COUNT',
});

/** Every tag counter (`gsi1`). */
export const tagCounters = accessPattern(
  { index: 'gsi1', params: [], description: 'Every tag counter (aggregation, without a Scan)' },
  () => ({ partition: TAG_COUNTERS }),
);

/**
 * The number of investors carrying a tag, kept in step with the postings by mapping and set exact by
 * the recount, listed in the counters index (gsi1). The repository adds per-spelling counts.
 */
export const tagCounterModel = defineModel(
  'tagCounter',
  z.object({ kind: tagKindSchema, tagKey: z.string(), count: z.int() }),
  (v) => ({
    ...tagCounterKey(v.kind, v.tagKey),
    gsi1pk: TAG_COUNTERS,
    gsi1sk: `${v.kind}#${keyFragment(v.tagKey, 1000)}`,
  }),
);

/** The directory's running totals (one item, kept by mapping). */
export const directoryTotalsKey = (): TableKey => ({ pk: DIRECTORY, sk: '#TOTALS' });

export { investorRoleSchema };
