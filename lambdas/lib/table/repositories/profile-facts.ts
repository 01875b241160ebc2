import {
  derivedProfileSheet,
  emptyProfileSheet,
  type ProfileSheet,
} from '../../../../shared/investors/profile-facts';
import type { ImportedInvestor, SearchableInvestor } from '../../../../shared/investors/types';
import { batchGet, batchWrite, putRequest } from '../batch';
import { investorProfileFactsKey, investorProfileFactsModel } from '../models';
import { getItem, putItem } from '../table';
import { getImportedInvestor } from './investors';

/**
 * Profile sheets (issue 33, docs/data-model.md "Profile facts"): the stored ones, and for investors
 * without one the sheet their linked imported record implies (as contact sheets: no extra write for
 * an investor seen once). The values are public; the sources are for admins only.
 */

/** The stored sheets of these investors, by investor id; `consistent` reads what was just written. */
export async function getProfileSheets(
  investorIds: readonly string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, ProfileSheet>> {
  const items = await batchGet(
    investorIds.map((id) => investorProfileFactsKey(id)),
    options,
  );
  const sheets = items.map((item) => investorProfileFactsModel.fromItem(item));
  return new Map(sheets.map((sheet) => [sheet.investorId, sheet]));
}

/** Writes sheets (mapping's batch, an admin's edit, a listing). */
export async function putProfileSheets(sheets: readonly ProfileSheet[]): Promise<void> {
  if (sheets.length === 0) return;
  if (sheets.length === 1 && sheets[0]) await putItem(investorProfileFactsModel.toItem(sheets[0]));
  else await batchWrite(sheets.map((sheet) => putRequest(investorProfileFactsModel.toItem(sheet))));
}

/** The sheet an investor has: stored, else derived from its linked record (empty without one). */
export const profileSheetOf = (
  investor: Pick<SearchableInvestor, 'id' | 'updatedAt'>,
  stored: ProfileSheet | undefined,
  linked: ImportedInvestor | null | undefined,
): ProfileSheet =>
  stored ??
  (linked ? derivedProfileSheet(investor.id, linked) : emptyProfileSheet(investor.id, investor.updatedAt));

/**
 * One investor's sheet, stored or derived; `linked` saves the read of its linked record when the
 * caller has it (the public profile reads it anyway). Consistent: an edit builds on it.
 */
export async function getProfileSheet(
  investor: SearchableInvestor,
  linked?: ImportedInvestor | null,
): Promise<ProfileSheet> {
  const item = await getItem(investorProfileFactsKey(investor.id), true);
  if (item) return investorProfileFactsModel.fromItem(item);
  const record = linked === undefined ? await getImportedInvestor(investor.importedInvestorId) : linked;
  return profileSheetOf(investor, undefined, record);
}
