import type { ContactSheet } from '../../../shared/investors/provenance';
import type { ContactUpdate } from '../../../shared/library/updates';
import {
  contactUpdates,
  freeUpdatesUntil,
  getsFreeUpdates,
  LIBRARY_VALUE_FIELDS,
  type LibrarySources,
  librarySources,
  rowUpdatesUntil,
  withUpdates,
} from '../../../shared/library/updates';
import { buildExportCsv } from '../export/export-csv';
import { contactsOf } from '../purchases/delivery';
import { batchGet } from '../table/batch';
import { type PurchasedContact, purchasedContactKey, purchasedContactModel } from '../table/models';
import { getCart } from '../table/repositories/carts';
import { contactSheetsOf, getInvestorContacts } from '../table/repositories/contacts';
import { getSearchableInvestors } from '../table/repositories/investors';
import { listPurchasedContacts } from '../table/repositories/users';

/**
 * Free updates (issue 20; docs/data-model.md, "Free updates"): the library read with the contact
 * sheets of its investors (one BatchGet per 100), so a value changed since it was bought shows as it
 * is now for 12 months after the purchase. No buyer's row is rewritten.
 */

export interface LibraryContact extends PurchasedContact {
  readonly updates: ContactUpdate[];
  readonly updatesUntil: string;
}

/**
 * Library rows with their updates applied at `now`: each value's from the purchase that bought it
 * (issue 30), so only rows with a value still within its 12 months read their sheet (one BatchGet per
 * 100).
 */
export async function withSheets<T extends PurchasedContact>(
  rows: readonly T[],
  now: Date,
): Promise<(T & Pick<LibraryContact, 'updates' | 'updatesUntil'>)[]> {
  const until = new Map(rows.map((row) => [row.searchableInvestorId, rowUpdatesUntil(row)]));
  const open = rows.filter((row) => now.getTime() < Date.parse(until.get(row.searchableInvestorId) ?? ''));
  const sheets = open.length
    ? await getInvestorContacts(open.map((row) => row.searchableInvestorId))
    : new Map();
  return rows.map((row) => shownWithSheet(row, sheets.get(row.searchableInvestorId), now, until));
}

function shownWithSheet<T extends PurchasedContact>(
  row: T,
  sheet: ContactSheet | undefined,
  now: Date,
  until: ReadonlyMap<string, string>,
) {
  const updates = contactUpdates(row, sheet, now);
  return {
    ...withUpdates(row, updates),
    updates,
    updatesUntil: until.get(row.searchableInvestorId) ?? freeUpdatesUntil(row.purchasedAt),
  };
}

/**
 * Library rows as {@link withSheets} gives them, and where each value shown came from (issue 50):
 * for the screens (a page of the library, one profile), so every row's sheet is read (one BatchGet per
 * 100 of the page), whether or not its updates are still free.
 */
export async function withSheetsAndSources<T extends PurchasedContact>(
  rows: readonly T[],
  now: Date,
): Promise<(T & Pick<LibraryContact, 'updates' | 'updatesUntil'> & { sources: LibrarySources })[]> {
  const until = new Map(rows.map((row) => [row.searchableInvestorId, rowUpdatesUntil(row)]));
  const ids = rows.map((row) => row.searchableInvestorId);
  const stored = ids.length ? await getInvestorContacts(ids) : new Map<string, ContactSheet>();
  // An investor with no stored sheet has the one its imported record implies: its values' sources.
  const missing = ids.filter((id) => !stored.has(id));
  const derived = missing.length
    ? (await contactSheetsOf([...(await getSearchableInvestors(missing)).values()])).sheets
    : new Map<string, ContactSheet>();
  return rows.map((row) => {
    const sheet = stored.get(row.searchableInvestorId);
    // Past its free updates a row shows what was bought, whatever the sheet says now.
    const open = now.getTime() < Date.parse(until.get(row.searchableInvestorId) ?? '');
    const shown = shownWithSheet(row, open ? sheet : undefined, now, until);
    return { ...shown, sources: librarySources(shown, sheet ?? derived.get(row.searchableInvestorId)) };
  });
}

/** The founder's contact library at `now`, alphabetical, each bought value as it is now while free. */
export async function listLibrary(userId: string, now: Date): Promise<LibraryContact[]> {
  return withSheets(await listPurchasedContacts(userId), now);
}

/** Why a refreshed CSV is refused. */
export class FreeUpdatesEndedError extends Error {
  override readonly name = 'FreeUpdatesEndedError';
}

/**
 * The CSV of one of the buyer's purchases with today's values: the same rows and columns as bought,
 * each bought value as the library shows it (updated or removed; a value not bought stays empty), the
 * public facts and "Last confirmed" as they are now. Null when the cart is not the buyer's purchase;
 * {@link FreeUpdatesEndedError} 12 months after it.
 */
export async function refreshedPurchaseCsv(
  cartId: string,
  buyerUserId: string,
  now: Date,
): Promise<{ fileName: string; csv: string } | null> {
  const cart = await getCart(cartId);
  if (!cart || cart.creatorUserId !== buyerUserId || cart.status !== 'purchased' || !cart.purchasedAt)
    return null;
  if (!getsFreeUpdates(cart.purchasedAt, now))
    throw new FreeUpdatesEndedError(
      `Free updates of cart ${cartId} ended on ${freeUpdatesUntil(cart.purchasedAt)}`,
    );
  const [current, libraryItems] = await Promise.all([
    contactsOf(cart),
    batchGet(cart.searchableInvestorEntryIds.map((id) => purchasedContactKey(buyerUserId, id))),
  ]);
  const rows = libraryItems.map((item) =>
    purchasedContactModel.fromItem({
      ...item,
      cartIds: item.cartIds instanceof Set ? [...item.cartIds] : [],
    }),
  );
  const library = new Map((await withSheets(rows, now)).map((row) => [row.searchableInvestorId, row]));
  const contacts = current.map((contact) => {
    const bought = library.get(contact.searchableInvestorId);
    const values = Object.fromEntries(
      LIBRARY_VALUE_FIELDS.map(({ field }) => [field, bought ? bought[field] : null]),
    );
    return { ...contact, ...values };
  });
  return {
    fileName: `contacts-${cartId}-refreshed-${now.toISOString().slice(0, 10)}.csv`,
    csv: buildExportCsv(contacts, cart.columnOrder),
  };
}
