import * as z from 'zod/mini';
import { taxonomyKindSchema } from '../taxonomy/taxonomy';
import { pageQuery } from './paging';
import { singleLine } from './text';

/** What mapping keeps apart when the taxonomy does not know a value: a sector, a stage or a country. */
export const UNMAPPED_KINDS = ['sector', 'stage', 'country'] as const;
export const unmappedKindSchema = z.enum(UNMAPPED_KINDS);
export type UnmappedKind = z.infer<typeof unmappedKindSchema>;

export const UNMAPPED_KIND_LABELS: Readonly<Record<UnmappedKind, string>> = {
  sector: 'Sectors',
  stage: 'Stages',
  country: 'Countries',
};

/**
 * How many searchable investors carry a value (from the search index), or null before the first
 * index: filters offer only carried values, and a founder's own project marks a value no investor
 * carries ("no investor lists this yet").
 */
const carriedBy = z.nullable(z.int());

const entrySchema = z.object({
  value: z.string(),
  label: z.string(),
  synonyms: z.array(z.string()),
  investors: carriedBy,
  /** The stored values of the entries nearest it, offered beside it when no investor carries it. */
  near: z.array(z.string()),
});

/** GET /taxonomy: the lists the forms choose from (sectors alphabetical, stages in order, countries). */
export const taxonomyResponse = z.object({
  sectors: z.array(entrySchema),
  stages: z.array(entrySchema),
  countries: z.array(
    z.object({ code: z.string(), name: z.string(), names: z.array(z.string()), investors: carriedBy }),
  ),
  regions: z.array(z.object({ name: z.string(), countries: z.array(z.string()) })),
});
export type TaxonomyResponse = z.infer<typeof taxonomyResponse>;
export type TaxonomyListEntry = z.infer<typeof entrySchema>;
export type TaxonomyCountry = TaxonomyResponse['countries'][number];

/** One value of the unmapped queue: how it was written, how many investors carry it, a few of them. */
export const unmappedValueSchema = z.object({
  kind: unmappedKindSchema,
  /** The folded key (the queue's id for the value). */
  key: z.string(),
  value: z.string(),
  investors: z.int(),
  examples: z.array(z.object({ id: z.string(), name: z.string() })),
  firstSeenAt: z.string(),
});
export type UnmappedValue = z.infer<typeof unmappedValueSchema>;

/** POST /admin/taxonomy/remap: every investor mapped onto the taxonomy again (after a change of the defaults). */
export const remapAllBody = z.strictObject({});

/** GET /admin/taxonomy/unmapped?kind=&cursor=&limit= */
export const unmappedValuesQuery = z.object({ kind: unmappedKindSchema, ...pageQuery(25, 100) });
export const unmappedValuesResponse = z.object({
  items: z.array(unmappedValueSchema),
  cursor: z.nullable(z.string()),
});
export type UnmappedValuesResponse = z.infer<typeof unmappedValuesResponse>;

const text = (max: number) => z.string().check(singleLine(), z.trim(), z.minLength(1), z.maxLength(max));

/**
 * POST /admin/taxonomy/synonyms: a spelling becomes a synonym of an entry (`entry`: its stored
 * value), or a new sector (`newLabel`), and the investors carrying it are re-mapped. From the
 * unmapped queue, or typed by the admin on the taxonomy page.
 */
export const addSynonymBody = z.strictObject({
  kind: taxonomyKindSchema,
  spelling: text(200),
  entry: z.optional(text(200)),
  newLabel: z.optional(text(60)),
});
export type AddSynonymBody = z.infer<typeof addSynonymBody>;

export const TAXONOMY_JOB_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** A re-map run: the investors carrying a spelling (`value` mode) or every investor (`all`). */
export const taxonomyJobSchema = z.object({
  id: z.string(),
  status: z.enum(TAXONOMY_JOB_STATUSES),
  mode: z.enum(['value', 'all']),
  kind: z.nullable(unmappedKindSchema),
  key: z.nullable(z.string()),
  processed: z.int(),
  updated: z.int(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
});
export type TaxonomyJob = z.infer<typeof taxonomyJobSchema>;

export const addSynonymResponse = z.object({
  entry: z.object({ value: z.string(), label: z.string() }),
  job: taxonomyJobSchema,
});
export type AddSynonymResponse = z.infer<typeof addSynonymResponse>;

export const taxonomyJobParams = z.object({
  jobId: z.string().check(z.regex(/^tax_[a-z0-9]{1,40}$/, 'Not a re-map run id')),
});
export const taxonomyJobResponse = z.object({ job: taxonomyJobSchema });

/** The refusal of a value off the list (portal, projects, field merger): what is wrong and what to do. */
export const offListMessage = (
  kind: 'sector' | 'stage' | 'country',
  value: string,
  meant: string | null = null,
): string =>
  meant
    ? `“${value}” is not a ${kind} on our list. Did you mean ${meant}? Choose it from the list.`
    : `“${value}” is not a ${kind} on our list. Choose one from the list; if none fits, leave it out and tell us which ${kind} is missing.`;

/** The refusal of a synonym another entry already has. */
export const synonymTakenMessage = (spelling: string, label: string): string =>
  `“${spelling}” already stands for ${label}. Choose another spelling, or map it to ${label}.`;
