import { investorIdParams } from '../../../shared/api/directory';
import { profileOnTaxonomy } from '../../../shared/taxonomy/profile';
import { NotFoundError } from '../../lib/errors';
import { endpoint } from '../../lib/http';
import { getContactSheet } from '../../lib/table/repositories/contacts';
import {
  getImportedInvestor,
  getSearchableInvestor,
  toProfile,
} from '../../lib/table/repositories/investors';
import { getProfileSheet } from '../../lib/table/repositories/profile-facts';
import { getResponseTimes } from '../../lib/table/repositories/response-times';
import { loadTaxonomy } from '../../lib/table/repositories/taxonomy';

/**
 * The directory function's area for investors' public profiles, on the taxonomy. A module of its
 * own, loaded at the first request of one of its routes (`lambdas/http/directory.ts`).
 */
export const endpoints = {
  'GET /investors/{investorId}': endpoint({
    auth: 'public',
    params: investorIdParams,
    handle: async ({ params }) => {
      const investor = await getSearchableInvestor(params.investorId);
      if (!investor) throw new NotFoundError('Investor not found');
      const imported = await getImportedInvestor(investor.importedInvestorId);
      // The contact sheet gives each value's source kind and month (issue 50), never the value.
      const [sheet, contacts, taxonomy, times] = await Promise.all([
        getProfileSheet(investor, imported),
        getContactSheet(investor),
        loadTaxonomy(),
        getResponseTimes(investor.id),
      ]);
      // Issue 52: the published totals only (the item's investor id and run time stay behind).
      const responseTimes = times
        ? {
            contributors: times.contributors,
            repliedShare: times.repliedShare,
            medianDaysToReply: times.medianDaysToReply,
            medianDaysToDecision: times.medianDaysToDecision,
          }
        : null;
      return {
        ...profileOnTaxonomy(toProfile(investor, imported, sheet, contacts), taxonomy),
        responseTimes,
      };
    },
  }),
};
