import {
  type ContactCorrections,
  type ContactSheet,
  correctContactSheet,
  withPublicContactFacts,
} from '../../../shared/investors/provenance';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { aggregationWorkflow } from '../../workflows/start/aggregation';
import { logger } from '../observability/logger';
import { getContactSheet, putInvestorContacts } from '../table/repositories/contacts';
import { getSearchableInvestors, writeSearchableInvestors } from '../table/repositories/investors';
import { recordSearchChanges } from './search-index';

/**
 * An admin's correction of an investor's contact values (docs/data-model.md, "Provenance"): the sheet
 * with every given field set, confirmed or removed as 'admin correction' whoever gave the value (the
 * investor included: issue 30), then the searchable investor's flags and months from it (with its
 * search change), then the aggregation that folds the change into combined search and the home page's
 * totals. Returns the sheet before and after; null when the investor does not exist.
 */
export async function correctInvestorContacts(
  investorId: string,
  corrections: ContactCorrections,
  adminUserId: string,
  now: Date,
): Promise<{
  previous: ContactSheet;
  contacts: ContactSheet;
  searchableInvestor: SearchableInvestor;
} | null> {
  const before = (await getSearchableInvestors([investorId], { consistent: true })).get(investorId);
  if (!before) return null;
  const at = now.toISOString();
  const previous = await getContactSheet(before);
  const contacts = correctContactSheet(previous, corrections, adminUserId, at);
  const after: SearchableInvestor = {
    ...withPublicContactFacts(before, contacts),
    updatedAt: at,
  };
  await putInvestorContacts([contacts]);
  await recordSearchChanges([after], now);
  await writeSearchableInvestors([{ before, after }]);
  try {
    await aggregationWorkflow.start({ action: 'aggregate', lockName: null, lockOwner: null });
  } catch (error) {
    // The correction stands; the next aggregation (an import's, the schedule's) folds it in.
    logger.error('the aggregation after a contact correction did not start', { investorId, error });
  }
  return { previous, contacts, searchableInvestor: after };
}
