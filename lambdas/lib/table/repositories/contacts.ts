import {
  type ContactSheet,
  derivedContactSheet,
  emptyContactSheet,
} from '../../../../shared/investors/provenance';
import type { ImportedInvestor, SearchableInvestor } from '../../../../shared/investors/types';
import { batchGet, batchWrite, putRequest } from '../batch';
import { investorContactsKey, investorContactsModel } from '../models';
import { getItem, putItem } from '../table';
import { getImportedInvestor, getImportedInvestors } from './investors';

/**
 * Contact sheets (docs/data-model.md, "Provenance"): the stored ones, and for investors without one
 * the sheet their linked imported record implies. Private: never read by a public route.
 */

/** The stored sheets of these investors, by investor id; `consistent` reads what was just written. */
export async function getInvestorContacts(
  investorIds: readonly string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, ContactSheet>> {
  const items = await batchGet(
    investorIds.map((id) => investorContactsKey(id)),
    options,
  );
  const sheets = items.map((item) => investorContactsModel.fromItem(item));
  return new Map(sheets.map((sheet) => [sheet.investorId, sheet]));
}

/** Writes sheets (mapping's batch, a correction). */
export async function putInvestorContacts(sheets: readonly ContactSheet[]): Promise<void> {
  if (sheets.length === 1 && sheets[0]) await putItem(investorContactsModel.toItem(sheets[0]));
  else await batchWrite(sheets.map((sheet) => putRequest(investorContactsModel.toItem(sheet))));
}

/** The sheet an investor has: stored, else derived from its linked record (empty without one). */
export const sheetOf = (
  investor: Pick<SearchableInvestor, 'id' | 'updatedAt'>,
  stored: ContactSheet | undefined,
  linked: ImportedInvestor | null | undefined,
): ContactSheet =>
  stored ??
  (linked ? derivedContactSheet(investor.id, linked) : emptyContactSheet(investor.id, investor.updatedAt));

/**
 * The sheets of searchable investors, by id, with their linked imported records (the export reads
 * public facts from them too): two BatchGets, whatever the investors.
 */
export async function contactSheetsOf(
  investors: readonly SearchableInvestor[],
): Promise<{ sheets: Map<string, ContactSheet>; linked: Map<string, ImportedInvestor> }> {
  const [stored, records] = await Promise.all([
    getInvestorContacts(investors.map((i) => i.id)),
    getImportedInvestors(investors.map((i) => i.importedInvestorId)),
  ]);
  const linked = new Map(records.map((record) => [record.id, record]));
  const sheets = new Map(
    investors.map((investor) => [
      investor.id,
      sheetOf(investor, stored.get(investor.id), linked.get(investor.importedInvestorId)),
    ]),
  );
  return { sheets, linked };
}

/** One investor's sheet, read consistently (a correction builds on it); stored or derived. */
export async function getContactSheet(investor: SearchableInvestor): Promise<ContactSheet> {
  const item = await getItem(investorContactsKey(investor.id), true);
  if (item) return investorContactsModel.fromItem(item);
  return sheetOf(investor, undefined, await getImportedInvestor(investor.importedInvestorId));
}
