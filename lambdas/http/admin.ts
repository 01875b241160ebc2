import { area, httpHandler } from '../lib/http';

/**
 * Admin tools: the mapping debugger, the field merger, the function runner, imports, recent carts,
 * portals, the taxonomy. Each area is a module of its own, loaded at the first request of one of its
 * routes (a chunk of its own in the bundle): a cold start loads only the area its request needs.
 */
const curation = area('curation', () => import('./admin/curation'));
const requests = area('requests', () => import('./admin/requests'));
const operations = area('operations', () => import('./admin/operations'));
const imports = area('imports', () => import('./admin/imports'));
const sales = area('sales', () => import('./admin/sales'));
const portals = area('portals', () => import('./admin/portals'));
const taxonomy = area('taxonomy', async () => ({
  endpoints: (await import('./taxonomy-endpoints')).adminTaxonomyEndpoints,
}));

export const handler = httpHandler('admin', {
  'GET /admin/taxonomy/unmapped': taxonomy,
  'POST /admin/taxonomy/synonyms': taxonomy,
  'POST /admin/taxonomy/remap': taxonomy,
  'GET /admin/taxonomy/jobs/{jobId}': taxonomy,
  'GET /admin/imported-investors': curation,
  'GET /admin/imported-investors/{importedInvestorId}': curation,
  'GET /admin/searchable-investors/{investorId}': curation,
  'PUT /admin/investors/{investorId}/contacts': curation,
  'PUT /admin/investors/{investorId}/profile': curation,
  'GET /admin/reports': requests,
  'POST /admin/reports/{reportId}/resolve': requests,
  'GET /admin/investor-submissions': requests,
  'POST /admin/investor-submissions/{userId}/approve': requests,
  'POST /admin/investor-submissions/{userId}/reject': requests,
  'GET /admin/withdrawals': requests,
  'POST /admin/withdrawals/{investorId}/restore': requests,
  'GET /admin/correction-requests': requests,
  'POST /admin/correction-requests/{requestId}/close': requests,
  'POST /admin/field-merger': curation,
  'GET /admin/field-merger/jobs/{jobId}': curation,
  'GET /admin/curation-rules': curation,
  'DELETE /admin/curation-rules': curation,
  'GET /admin/debug-field': curation,
  'POST /admin/functions/{functionName}': operations,
  'POST /admin/imports': imports,
  'GET /admin/imports': imports,
  'GET /admin/imports/{jobId}': imports,
  'POST /admin/imports/{jobId}/start': imports,
  'POST /admin/imports/{jobId}/cancel': imports,
  'POST /admin/imports/{jobId}/publish': imports,
  'POST /admin/imports/{jobId}/discard': imports,
  'GET /admin/carts': sales,
  'GET /admin/unmatched-payments': sales,
  'POST /admin/carts/{cartId}/redeliver': sales,
  'GET /admin/portals': portals,
  'POST /admin/portals': portals,
  'PATCH /admin/portals/{portalId}': portals,
});
