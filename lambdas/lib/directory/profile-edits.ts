import {
  editProfileSheet,
  type ProfileFactEdits,
  type ProfileSheet,
  withPublicProfileFacts,
} from '../../../shared/investors/profile-facts';
import type { SearchableInvestor } from '../../../shared/investors/types';
import { aggregationWorkflow } from '../../workflows/start/aggregation';
import { logger } from '../observability/logger';
import { getSearchableInvestors, writeSearchableInvestors } from '../table/repositories/investors';
import { getProfileSheet, putProfileSheets } from '../table/repositories/profile-facts';
import { recordSearchChanges } from './search-index';

/**
 * An admin's edit of an investor's profile facts (issue 33, docs/data-model.md "Profile facts"), as
 * a contact correction is made: the sheet with every given fact set or removed as the admin's
 * (whoever gave it), then the searchable investor's one-line thesis from it (with its search
 * change), then the aggregation that folds the change into combined search. Returns the sheet
 * before and after; null when the investor does not exist.
 */
export async function editInvestorProfile(
  investorId: string,
  edits: ProfileFactEdits,
  adminUserId: string,
  now: Date,
): Promise<{ previous: ProfileSheet; profile: ProfileSheet; searchableInvestor: SearchableInvestor } | null> {
  const before = (await getSearchableInvestors([investorId], { consistent: true })).get(investorId);
  if (!before) return null;
  const at = now.toISOString();
  const previous = await getProfileSheet(before);
  const profile = editProfileSheet(previous, edits, adminUserId, at);
  const after: SearchableInvestor = { ...withPublicProfileFacts(before, profile), updatedAt: at };
  await putProfileSheets([profile]);
  await recordSearchChanges([after], now);
  await writeSearchableInvestors([{ before, after }]);
  try {
    await aggregationWorkflow.start({ action: 'aggregate', lockName: null, lockOwner: null });
  } catch (error) {
    // The edit stands; the next aggregation (an import's, the schedule's) folds it in.
    logger.error('the aggregation after a profile edit did not start', { investorId, error });
  }
  return { previous, profile, searchableInvestor: after };
}
