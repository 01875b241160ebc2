import {
  contactCorrectionBody,
  contactCorrectionResponse,
  curationJobParams,
  curationJobResponse,
  curationRuleQuery,
  curationRulesResponse,
  debugFieldQuery,
  debugFieldResponse,
  deleteCurationRuleResponse,
  fieldMergerBody,
  fieldMergerResponse,
  importedInvestorByEmailQuery,
  importedInvestorIdParams,
  mappingDebugResponse,
  profileEditBody,
  profileEditResponse,
} from '../../../shared/api/admin';
import { investorIdParams } from '../../../shared/api/params';
import { MERGEABLE_FIELDS, validateFieldMerger } from '../../../shared/curation/field-merger';
import { finalsOfRequest, rulesOfRequest } from '../../../shared/curation/rules';
import type { ImportedInvestor } from '../../../shared/investors/types';
import { messages } from '../../../shared/messages';
import { correctInvestorContacts } from '../../lib/directory/contact-corrections';
import { investorsWithAnyValue, newCurationJob, tagKindOf } from '../../lib/directory/curation';
import { editInvestorProfile } from '../../lib/directory/profile-edits';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { getContactSheet } from '../../lib/table/repositories/contacts';
import {
  createCurationJob,
  getCurationJob,
  updateCurationJob,
} from '../../lib/table/repositories/curation-jobs';
import {
  deleteCurationRule,
  listCurationRules,
  recordCurationRules,
} from '../../lib/table/repositories/curation-rules';
import {
  findImportedInvestorByEmail,
  getImportedInvestor,
  getSearchableInvestor,
  searchByTag,
} from '../../lib/table/repositories/investors';
import { getProfileSheet } from '../../lib/table/repositories/profile-facts';
import { curationWorkflow } from '../../workflows/start/curation';
import { recordMergerOnTaxonomy } from '../taxonomy-endpoints';

async function withSearchable(imported: ImportedInvestor | null) {
  if (!imported) throw new NotFoundError('No imported investor found');
  const searchable = imported.searchableInvestorEntryId
    ? await getSearchableInvestor(imported.searchableInvestorEntryId)
    : null;
  return mappingDebugResponse.parse({
    importedInvestor: imported,
    searchableInvestor: searchable,
    contacts: searchable ? await getContactSheet(searchable) : null,
    profile: searchable ? await getProfileSheet(searchable) : null,
  });
}

/**
 * The admin function's area for the mapping debugger, contact and profile corrections, the field
 * merger and its curation rules. A module of its own, loaded at the first request of one of its
 * routes (`lambdas/http/admin.ts`).
 */
export const endpoints = {
  'GET /admin/imported-investors': endpoint({
    auth: 'admin',
    query: importedInvestorByEmailQuery,
    handle: async ({ query }) => withSearchable(await findImportedInvestorByEmail(query.email)),
  }),

  'GET /admin/imported-investors/{importedInvestorId}': endpoint({
    auth: 'admin',
    params: importedInvestorIdParams,
    handle: async ({ params }) => withSearchable(await getImportedInvestor(params.importedInvestorId)),
  }),

  'GET /admin/searchable-investors/{investorId}': endpoint({
    auth: 'admin',
    params: investorIdParams,
    handle: async ({ params }) => {
      const searchable = await getSearchableInvestor(params.investorId);
      if (!searchable) throw new NotFoundError('Investor not found');
      return withSearchable(await getImportedInvestor(searchable.importedInvestorId));
    },
  }),

  'PUT /admin/investors/{investorId}/contacts': endpoint({
    auth: 'admin',
    params: investorIdParams,
    body: contactCorrectionBody,
    handle: async ({ params, body, caller }) => {
      const corrected = await correctInvestorContacts(params.investorId, body, caller.sub, new Date());
      if (!corrected) throw new NotFoundError('Investor not found');
      return contactCorrectionResponse.parse(corrected);
    },
  }),

  'PUT /admin/investors/{investorId}/profile': endpoint({
    auth: 'admin',
    params: investorIdParams,
    body: profileEditBody,
    handle: async ({ params, body, caller }) => {
      const edited = await editInvestorProfile(params.investorId, body, caller.sub, new Date());
      if (!edited) throw new NotFoundError('Investor not found');
      return profileEditResponse.parse(edited);
    },
  }),

  'POST /admin/field-merger': endpoint({
    auth: 'admin',
    body: fieldMergerBody,
    status: 202,
    handle: async ({ body, caller }) => {
      const validation = validateFieldMerger(body.action, body);
      if (!validation.ok) throw new BadRequestError(validation.error);
      const { request } = validation;
      const kind = tagKindOf(request.field);
      const counts = await Promise.all(
        request.values.map(async (value) => (await searchByTag(kind, value, null, 1)).total),
      );
      const total = counts.reduce((sum, count) => sum + count, 0);
      if (total === 0) throw new NotFoundError(messages.noInvestorsFound);
      // The rules first: if the run stops half-way, the next mapping finishes it.
      const now = new Date().toISOString();
      const rules = rulesOfRequest(request, now);
      await recordCurationRules(request.field, rules, finalsOfRequest(request));
      const onList = await recordMergerOnTaxonomy(request, now);
      const job = await createCurationJob(newCurationJob(onList, total, caller.sub, now));
      try {
        await curationWorkflow.start({ jobId: job.id }, job.id);
      } catch (error) {
        await updateCurationJob(job.id, {
          status: 'failed',
          failureReason: 'The change could not start. Please try again.',
          finishedAt: new Date().toISOString(),
        });
        throw error;
      }
      return fieldMergerResponse.parse({ job, rules: rules.length });
    },
  }),

  'GET /admin/field-merger/jobs/{jobId}': endpoint({
    auth: 'admin',
    params: curationJobParams,
    handle: async ({ params }) => {
      const job = await getCurationJob(params.jobId);
      if (!job) throw new NotFoundError('Field-merger run not found');
      return curationJobResponse.parse({ job });
    },
  }),

  'GET /admin/curation-rules': endpoint({
    auth: 'admin',
    handle: async () => {
      const rules = (await Promise.all(MERGEABLE_FIELDS.map(listCurationRules))).flat();
      rules.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.value.localeCompare(b.value));
      return curationRulesResponse.parse({ rules });
    },
  }),

  'DELETE /admin/curation-rules': endpoint({
    auth: 'admin',
    query: curationRuleQuery,
    handle: async ({ query }) => {
      await deleteCurationRule(query.field, query.value);
      return deleteCurationRuleResponse.parse({ deleted: true });
    },
  }),

  'GET /admin/debug-field': endpoint({
    auth: 'admin',
    query: debugFieldQuery,
    handle: async ({ query }) => {
      const first = query.value.trim();
      if (!first) throw new BadRequestError("Invalid query parameter 'value': give the value to look for");
      const investors = await investorsWithAnyValue(query.targetField, [first]);
      return debugFieldResponse.parse({
        field: query.targetField,
        value: first,
        investors: investors
          .map(({ id, name }) => ({ id, name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      });
    },
  }),
};
