import {
  adminCartsResponse,
  adminFunctionParams,
  adminPageQuery,
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
  redeliverResponse,
  runFunctionResponse,
  unmatchedPaymentsResponse,
} from '../../shared/api/admin';
import { cartIdParams } from '../../shared/api/carts';
import {
  createImportBody,
  createImportResponse,
  importJobParams,
  importJobResponse,
  recentImportsResponse,
} from '../../shared/api/imports';
import {
  adminWithdrawalSchema,
  adminWithdrawalsResponse,
  closeCorrectionBody,
  correctionParams,
  correctionRequestSchema,
  correctionRequestsResponse,
  requestsPageQuery,
  restoreWithdrawalBody,
  withdrawalParams,
} from '../../shared/api/investor-requests';
import {
  approveSubmissionBody,
  investorSubmissionsResponse,
  rejectSubmissionBody,
  reviewDecisionResponse,
  submissionParams,
  submissionsQuery,
} from '../../shared/api/investor-review';
import { INVALID_CURSOR } from '../../shared/api/paging';
import { investorIdParams, portalIdParams } from '../../shared/api/params';
import {
  adminPortalSchema,
  adminPortalsResponse,
  createPortalBody,
  PORTAL_FONTS,
  type PortalFieldsBody,
  portalFieldsBody,
  portalMessages,
} from '../../shared/api/portals';
import {
  adminReportsQuery,
  adminReportsResponse,
  REPORT_ALREADY_RESOLVED,
  REPORT_BEING_RESOLVED,
  reportIdParams,
  resolveReportBody,
  resolveReportResponse,
} from '../../shared/api/reports';
import { purchaseStateOf } from '../../shared/cart/purchase-state';
import { MERGEABLE_FIELDS, validateFieldMerger } from '../../shared/curation/field-merger';
import { finalsOfRequest, rulesOfRequest } from '../../shared/curation/rules';
import type { ImportedInvestor } from '../../shared/investors/types';
import { messages } from '../../shared/messages';
import { correctInvestorContacts } from '../lib/directory/contact-corrections';
import { investorsWithAnyValue, newCurationJob, tagKindOf } from '../lib/directory/curation';
import { editInvestorProfile } from '../lib/directory/profile-edits';
import { resolveReport } from '../lib/directory/reports';
import { reportsQueuePage } from '../lib/directory/reports-queue';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import {
  cancelImportJob,
  createImportJob,
  requireImportJob,
  settleCancelledImport,
  startImportJob,
} from '../lib/imports/import-jobs';
import {
  adminWithdrawalOf,
  closeCorrection,
  listCorrections,
  listWithdrawals,
} from '../lib/portals/data-requests';
import { approveSubmission, listSubmissions, rejectSubmission } from '../lib/portals/investor-review';
import { restoreWithdrawal } from '../lib/portals/listing';
import { NotPurchasedError, redeliverCart } from '../lib/purchases/redeliver';
import { InvalidCursorError } from '../lib/table/model';
import { lockOfFunction } from '../lib/table/models';
import { listCartsPage } from '../lib/table/repositories/carts';
import { getContactSheet } from '../lib/table/repositories/contacts';
import {
  createCurationJob,
  getCurationJob,
  updateCurationJob,
} from '../lib/table/repositories/curation-jobs';
import {
  deleteCurationRule,
  listCurationRules,
  recordCurationRules,
} from '../lib/table/repositories/curation-rules';
import { getCartDeliveries } from '../lib/table/repositories/deliveries';
import {
  acquireFunctionLock,
  releaseFunctionLock,
  setFunctionExecution,
} from '../lib/table/repositories/function-runs';
import { listImportJobs } from '../lib/table/repositories/imports';
import {
  findImportedInvestorByEmail,
  getImportedInvestor,
  getSearchableInvestor,
  searchByTag,
} from '../lib/table/repositories/investors';
import { createPortal, listPortals, updatePortal } from '../lib/table/repositories/portals';
import { getProfileSheet } from '../lib/table/repositories/profile-facts';
import { ReportAlreadyResolvedError, ReportBeingResolvedError } from '../lib/table/repositories/reports';
import { listUnmatchedPaymentsPage } from '../lib/table/repositories/unmatched-payments';
import { getUserProfiles } from '../lib/table/repositories/users';
import { aggregationWorkflow } from '../workflows/start/aggregation';
import { curationWorkflow } from '../workflows/start/curation';
import { mappingWorkflow } from '../workflows/start/mapping';
import { adminTaxonomyEndpoints, recordMergerOnTaxonomy } from './taxonomy-endpoints';

/** The stored fields of a portal from the tool's form. */
const portalFields = (body: PortalFieldsBody, now: string) => ({
  name: body.name,
  description: body.description,
  firm: { name: body.firmName, website: body.firmWebsite },
  fontFamily: PORTAL_FONTS[body.font],
  updatedAt: now,
});

/** A page of an admin list; a cursor the list did not give is the admin's 400, not a server error. */
async function adminPage<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
    throw error;
  }
}

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

/** One page of an admin list; a cursor the list did not give is a 400 saying what to do. */
async function paged<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
    throw error;
  }
}

/** Admin tools: the mapping debugger, the field merger, the function runner, recent carts. */
export const handler = httpHandler('admin', {
  ...adminTaxonomyEndpoints,

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

  'GET /admin/reports': endpoint({
    auth: 'admin',
    query: adminReportsQuery,
    handle: async ({ query }) => {
      try {
        return adminReportsResponse.parse(await reportsQueuePage(query.cursor ?? null, query.limit));
      } catch (error) {
        if (error instanceof InvalidCursorError) throw new BadRequestError(INVALID_CURSOR);
        throw error;
      }
    },
  }),

  'POST /admin/reports/{reportId}/resolve': endpoint({
    auth: 'admin',
    params: reportIdParams,
    body: resolveReportBody,
    handle: async ({ params, body, caller }) => {
      try {
        return resolveReportResponse.parse(
          await resolveReport(params.reportId, body, caller.sub, new Date()),
        );
      } catch (error) {
        if (error instanceof ReportAlreadyResolvedError) throw new ConflictError(REPORT_ALREADY_RESOLVED);
        if (error instanceof ReportBeingResolvedError) throw new ConflictError(REPORT_BEING_RESOLVED);
        throw error;
      }
    },
  }),

  'GET /admin/investor-submissions': endpoint({
    auth: 'admin',
    query: submissionsQuery,
    handle: async ({ query }) =>
      investorSubmissionsResponse.parse(
        await paged(() => listSubmissions(query.cursor ?? null, query.limit, new Date())),
      ),
  }),

  'POST /admin/investor-submissions/{userId}/approve': endpoint({
    auth: 'admin',
    params: submissionParams,
    body: approveSubmissionBody,
    handle: async ({ params, body, caller }) =>
      reviewDecisionResponse.parse(await approveSubmission(params.userId, body, caller.sub, new Date())),
  }),

  'POST /admin/investor-submissions/{userId}/reject': endpoint({
    auth: 'admin',
    params: submissionParams,
    body: rejectSubmissionBody,
    handle: async ({ params, body, caller }) =>
      reviewDecisionResponse.parse(await rejectSubmission(params.userId, body, caller.sub, new Date())),
  }),

  'GET /admin/withdrawals': endpoint({
    auth: 'admin',
    query: requestsPageQuery,
    handle: async ({ query }) =>
      adminWithdrawalsResponse.parse(await paged(() => listWithdrawals(query.cursor ?? null, query.limit))),
  }),

  'POST /admin/withdrawals/{investorId}/restore': endpoint({
    auth: 'admin',
    params: withdrawalParams,
    body: restoreWithdrawalBody,
    handle: async ({ params, body, caller }) =>
      adminWithdrawalSchema.parse(
        adminWithdrawalOf(await restoreWithdrawal(params.investorId, caller.sub, body.reason, new Date())),
      ),
  }),

  'GET /admin/correction-requests': endpoint({
    auth: 'admin',
    query: requestsPageQuery,
    handle: async ({ query }) =>
      correctionRequestsResponse.parse(await paged(() => listCorrections(query.cursor ?? null, query.limit))),
  }),

  'POST /admin/correction-requests/{requestId}/close': endpoint({
    auth: 'admin',
    params: correctionParams,
    body: closeCorrectionBody,
    handle: async ({ params, body, caller }) =>
      correctionRequestSchema.parse(
        await closeCorrection(params.requestId, body.note, caller.sub, new Date()),
      ),
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

  'POST /admin/functions/{functionName}': endpoint({
    auth: 'admin',
    params: adminFunctionParams,
    handle: async ({ params, caller }) => {
      const name = params.functionName;
      // Process unmapped and process all share the mapping lock (with imports publishing their rows).
      const lock = lockOfFunction(name);
      const owner = await acquireFunctionLock(lock, caller.sub, new Date());
      if (!owner) throw new ConflictError(messages.functionAlreadyRunning);
      try {
        const executionArn =
          name === 'aggregate'
            ? await aggregationWorkflow.start({ action: 'recount', lockName: lock, lockOwner: owner })
            : await mappingWorkflow.start({
                mode: name === 'processAll' ? 'all' : 'unmapped',
                cursor: null,
                mapped: 0,
                lockName: lock,
                lockOwner: owner,
              });
        await setFunctionExecution(lock, owner, executionArn);
        return runFunctionResponse.parse({ functionName: name, executionArn });
      } catch (error) {
        await releaseFunctionLock(lock, owner);
        throw error;
      }
    },
  }),

  'POST /admin/imports': endpoint({
    auth: 'admin',
    body: createImportBody,
    status: 201,
    handle: async ({ body, caller }) => createImportResponse.parse(await createImportJob(body, caller.sub)),
  }),

  'GET /admin/imports': endpoint({
    auth: 'admin',
    handle: async () => recentImportsResponse.parse({ jobs: await listImportJobs(20) }),
  }),

  'GET /admin/imports/{jobId}': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) => importJobResponse.parse({ job: await requireImportJob(params.jobId) }),
  }),

  'POST /admin/imports/{jobId}/start': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) => importJobResponse.parse({ job: await startImportJob(params.jobId) }),
  }),

  'POST /admin/imports/{jobId}/cancel': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) => importJobResponse.parse({ job: await cancelImportJob(params.jobId) }),
  }),

  'POST /admin/imports/{jobId}/publish': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) =>
      importJobResponse.parse({ job: await settleCancelledImport(params.jobId, 'publish') }),
  }),

  'POST /admin/imports/{jobId}/discard': endpoint({
    auth: 'admin',
    params: importJobParams,
    handle: async ({ params }) =>
      importJobResponse.parse({ job: await settleCancelledImport(params.jobId, 'discard') }),
  }),

  'GET /admin/carts': endpoint({
    auth: 'admin',
    query: adminPageQuery,
    handle: async ({ query }) => {
      const page = await adminPage(() => listCartsPage(query.cursor ?? null, query.limit));
      const carts = page.items;
      const [creators, deliveries] = await Promise.all([
        getUserProfiles([...new Set(carts.map((c) => c.creatorUserId))]),
        getCartDeliveries(carts.map((c) => c.id)),
      ]);
      const now = new Date();
      return adminCartsResponse.parse({
        carts: carts.map((cart) => {
          const delivery = deliveries.get(cart.id) ?? null;
          return {
            id: cart.id,
            creatorUserId: cart.creatorUserId,
            creatorEmail: creators.get(cart.creatorUserId)?.email ?? null,
            startedDate: cart.startedDate,
            status: cart.status,
            itemCount: cart.searchableInvestorEntryIds.length,
            totalX100: cart.pricing.totalX100,
            purchasedAt: cart.purchasedAt,
            flaggedReason: cart.flaggedReason,
            // Read now: a paid cart without a delivery running or finished a few minutes on is stuck.
            purchaseState: purchaseStateOf({ ...cart, delivery }, now),
            deliveryFailure: delivery?.deliveredAt ? null : (delivery?.failureReason ?? null),
            undeliveredCredited: delivery?.undeliveredCredited ?? 0,
          };
        }),
        cursor: page.cursor,
      });
    },
  }),

  'GET /admin/unmatched-payments': endpoint({
    auth: 'admin',
    query: adminPageQuery,
    handle: async ({ query }) => {
      const page = await adminPage(() => listUnmatchedPaymentsPage(query.cursor ?? null, query.limit));
      return unmatchedPaymentsResponse.parse({ payments: page.items, cursor: page.cursor });
    },
  }),

  'POST /admin/carts/{cartId}/redeliver': endpoint({
    auth: 'admin',
    params: cartIdParams,
    handle: async ({ params }) => {
      try {
        const executionArn = await redeliverCart(params.cartId, new Date());
        return redeliverResponse.parse({ cartId: params.cartId, executionArn });
      } catch (error) {
        if (error instanceof NotPurchasedError)
          throw new ConflictError('Only a purchased cart can be redelivered.');
        throw error;
      }
    },
  }),

  'GET /admin/portals': endpoint({
    auth: 'admin',
    handle: async () => adminPortalsResponse.parse({ portals: await listPortals() }),
  }),

  'POST /admin/portals': endpoint({
    auth: 'admin',
    body: createPortalBody,
    status: 201,
    handle: async ({ body, caller }) => {
      const now = new Date().toISOString();
      const portal = {
        id: `portal-${body.urlIdentifier}`,
        urlIdentifier: body.urlIdentifier,
        ...portalFields(body, now),
        createdAt: now,
        createdBy: caller.sub,
      };
      if (!(await createPortal(portal))) throw new ConflictError(portalMessages.labelTaken);
      return adminPortalSchema.parse(portal);
    },
  }),

  'PATCH /admin/portals/{portalId}': endpoint({
    auth: 'admin',
    params: portalIdParams,
    body: portalFieldsBody,
    handle: async ({ params, body }) => {
      const portal = await updatePortal(params.portalId, portalFields(body, new Date().toISOString()));
      if (!portal) throw new NotFoundError('Portal not found');
      return adminPortalSchema.parse(portal);
    },
  }),
});
