import { INVALID_CURSOR } from '../../shared/api/paging';
import {
  type AddSynonymBody,
  addSynonymBody,
  addSynonymResponse,
  offListMessage,
  remapAllBody,
  synonymTakenMessage,
  taxonomyJobParams,
  taxonomyJobResponse,
  unmappedValuesQuery,
  unmappedValuesResponse,
} from '../../shared/api/taxonomy';
import { type FieldMergerRequest, splitFinalValue } from '../../shared/curation/field-merger';
import { tagLabel } from '../../shared/tags/display';
import { normalizeTag } from '../../shared/tags/normalize-tag';
import { taxonomyKey } from '../../shared/taxonomy/fold';
import { entryValueOf, type Taxonomy, type TaxonomyEdit } from '../../shared/taxonomy/taxonomy';
import { newTaxonomyJob } from '../lib/directory/taxonomy';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { endpoint } from '../lib/http';
import { InvalidCursorError } from '../lib/table/model';
import type { TaxonomyJobItem } from '../lib/table/models';
import {
  addTaxonomySynonym,
  createTaxonomyJob,
  getTaxonomyJob,
  listUnmappedValues,
  loadTaxonomy,
  updateTaxonomyJob,
} from '../lib/table/repositories/taxonomy';
import { taxonomyRemapWorkflow } from '../workflows/start/taxonomy-remap';

/**
 * The edit an admin's synonym makes: the spelling joins the entry it names, or a new sector with
 * it. Refused (400) when the entry is not on the list, or the spelling already stands for another.
 */
function editOf(taxonomy: Taxonomy, body: AddSynonymBody, now: string): TaxonomyEdit {
  const spelling = normalizeTag(body.spelling);
  const owner = taxonomy.owner(body.kind, spelling);
  if ((body.entry === undefined) === (body.newLabel === undefined))
    throw new BadRequestError(
      'Choose the entry the value stands for, or add it as a new sector: one of the two.',
    );
  if (body.newLabel !== undefined) {
    if (body.kind !== 'sector')
      throw new BadRequestError('Only sectors can be added; a stage must be one of the list.');
    const taken = taxonomy.owner('sector', body.newLabel);
    if (taken) throw new BadRequestError(synonymTakenMessage(body.newLabel, taken.label));
    if (owner) throw new BadRequestError(synonymTakenMessage(body.spelling, owner.label));
    return {
      kind: 'sector',
      value: entryValueOf(body.newLabel),
      label: body.newLabel.trim().replace(/\s+/g, ' '),
      synonyms: taxonomyKey(spelling) === taxonomyKey(body.newLabel) ? [] : [spelling],
      added: true,
      updatedAt: now,
    };
  }
  const entry = taxonomy.resolve(body.kind, body.entry ?? '');
  if (!entry) throw new BadRequestError(offListMessage(body.kind, body.entry ?? ''));
  if (owner && owner.value !== entry.value)
    throw new BadRequestError(synonymTakenMessage(body.spelling, owner.label));
  return {
    kind: body.kind,
    value: entry.value,
    label: entry.label,
    synonyms: [spelling],
    added: entry.added,
    updatedAt: now,
  };
}

async function startRun(job: TaxonomyJobItem): Promise<TaxonomyJobItem> {
  await createTaxonomyJob(job);
  try {
    await taxonomyRemapWorkflow.start({ jobId: job.id }, job.id);
  } catch (error) {
    await updateTaxonomyJob(job.id, {
      status: 'failed',
      failureReason: 'The re-map could not start. Please try again.',
      finishedAt: new Date().toISOString(),
    });
    throw error;
  }
  return job;
}

/** The admins' taxonomy tools (the admin function). */
export const adminTaxonomyEndpoints = {
  'GET /admin/taxonomy/unmapped': endpoint({
    auth: 'admin',
    query: unmappedValuesQuery,
    handle: async ({ query }) => {
      try {
        return unmappedValuesResponse.parse(
          await listUnmappedValues(query.kind, query.cursor ?? null, query.limit),
        );
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
        throw error;
      }
    },
  }),

  'POST /admin/taxonomy/synonyms': endpoint({
    auth: 'admin',
    body: addSynonymBody,
    status: 202,
    handle: async ({ body, caller }) => {
      const now = new Date().toISOString();
      const edit = editOf(await loadTaxonomy(), body, now);
      // The synonym first: mapping from now on takes it, and the run re-maps what was mapped before.
      await addTaxonomySynonym(edit);
      const job = await startRun(
        newTaxonomyJob({ mode: 'value', kind: body.kind, key: body.spelling }, caller.sub, now),
      );
      return addSynonymResponse.parse({ entry: { value: edit.value, label: edit.label }, job });
    },
  }),

  'POST /admin/taxonomy/remap': endpoint({
    auth: 'admin',
    body: remapAllBody,
    status: 202,
    handle: async ({ caller }) => {
      const job = await startRun(newTaxonomyJob({ mode: 'all' }, caller.sub, new Date().toISOString()));
      return taxonomyJobResponse.parse({ job });
    },
  }),

  'GET /admin/taxonomy/jobs/{jobId}': endpoint({
    auth: 'admin',
    params: taxonomyJobParams,
    handle: async ({ params }) => {
      const job = await getTaxonomyJob(params.jobId);
      if (!job) throw new NotFoundError('Re-map run not found');
      return taxonomyJobResponse.parse({ job });
    },
  }),
};

/**
 * The field merger on the taxonomy (docs/decisions.md, "One taxonomy"): merging values into a final
 * value makes each merged value that no entry has a synonym of the final one; a final value (or a
 * split's part) not on the list joins it as an entry, as an admin adds a sector. Removing changes no
 * entry (its rule keeps the value out of the directory).
 */
export async function recordMergerOnTaxonomy(
  request: FieldMergerRequest,
  now: string,
): Promise<FieldMergerRequest> {
  if (request.action === 'remove') return request;
  const kind = request.field === 'stageFocus' ? 'stage' : 'sector';
  const taxonomy = await loadTaxonomy();
  const finals = request.action === 'merge' ? [request.finalValue] : splitFinalValue(request.finalValue);
  const values: string[] = [];
  for (const final of finals) {
    const entry = taxonomy.resolve(kind, final);
    const label = entry?.label ?? tagLabel(final);
    const synonyms =
      request.action === 'merge'
        ? request.values.filter((value) => taxonomy.owner(kind, value) === null).map(normalizeTag)
        : [];
    values.push(entry?.value ?? entryValueOf(label));
    if (entry && synonyms.length === 0) continue;
    await addTaxonomySynonym({
      kind,
      value: entry?.value ?? entryValueOf(label),
      label,
      synonyms,
      added: entry?.added ?? true,
      updatedAt: now,
    });
  }
  // The run writes the entries' values: a final value typed as a synonym ("payments") is its entry.
  return { ...request, finalValue: values.join(', ') };
}
