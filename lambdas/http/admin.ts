import {
  importedInvestorByEmailQuery,
  importedInvestorIdParams,
  mappingDebugResponse,
} from '../../shared/api/admin';
import type { ImportedInvestor } from '../../shared/investors/types';
import { NotFoundError } from '../lib/errors';
import { endpoint, httpHandler } from '../lib/http';
import {
  findImportedInvestorByEmail,
  getImportedInvestor,
  getSearchableInvestor,
} from '../lib/table/repositories/investors';

async function withSearchable(imported: ImportedInvestor | null) {
  if (!imported) throw new NotFoundError('No imported investor found');
  const searchable = imported.searchableInvestorEntryId
    ? await getSearchableInvestor(imported.searchableInvestorEntryId)
    : null;
  return mappingDebugResponse.parse({ importedInvestor: imported, searchableInvestor: searchable });
}

/** Admin tools: the mapping debugger, the field merger, the function runner, recent carts. */
export const handler = httpHandler('admin', {
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
});
