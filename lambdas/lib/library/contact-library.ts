import type { CrmFormat } from '../../../shared/api/account';
import { CRM_EXPORT_PREFIX } from '../../../shared/library/crm-export';
import {
  type LibraryRowKey,
  type LibrarySort,
  libraryPage,
  libraryPurchases,
  type SortDirection,
} from '../../../shared/library/library-query';
import { purchasesOf } from '../../../shared/library/updates';
import { buildCrmCsv, type CrmContact } from '../export/crm-csv';
import { EXPORT_LINK_SECONDS, presignExportDownload, putExport } from '../storage';
import { decodeCursor, encodeCursor, InvalidCursorError } from '../table/model';
import type { PurchasedContact } from '../table/models';
import { getImportedInvestors, getSearchableInvestors } from '../table/repositories/investors';
import { getPurchasedContact, listPurchasedContacts } from '../table/repositories/users';
import { type LibraryContact, withSheets, withSheetsAndSources } from './free-updates';

/**
 * The contact library as the founder uses it (issue 32; docs/decisions.md, "The contact library"):
 * a page at a time, searched and ordered on the server; one investor's bought values for its
 * profile; the whole library as a CRM import file.
 */

/** A library row with its firm (the column, the search and the order read it). */
export type LibraryRow = LibraryContact & { readonly firm: string | null };

/** A row as the API answers it: its purchases as a list, oldest first (issue 30). */
function toView<T extends LibraryContact>(row: T) {
  return {
    ...row,
    purchases: Object.entries(purchasesOf(row))
      .map(([cartId, purchasedAt]) => ({ cartId, purchasedAt }))
      .sort((a, b) => a.purchasedAt.localeCompare(b.purchasedAt)),
  };
}

/**
 * Each row's firm: the one kept at its last purchase, or for rows bought before the firm was kept,
 * the directory's (one BatchGet of their cards per 100; none once every row has one).
 */
async function withFirms<T extends PurchasedContact>(
  rows: readonly T[],
): Promise<(T & { firm: string | null })[]> {
  const unknown = rows.filter((row) => row.firmName === undefined).map((row) => row.searchableInvestorId);
  const cards = unknown.length ? await getSearchableInvestors(unknown) : new Map();
  return rows.map((row) => ({
    ...row,
    firm: row.firmName !== undefined ? row.firmName : (cards.get(row.searchableInvestorId)?.firmName ?? null),
  }));
}

/** A cursor that names the order it was made for, so it is never read in another. */
function encodeLibraryCursor(
  last: LibraryRowKey,
  sort: LibrarySort,
  direction: SortDirection,
): string | null {
  return encodeCursor({
    o: `${sort}:${direction}`,
    i: last.searchableInvestorId,
    n: last.name,
    f: last.firm ?? '',
    p: last.purchasedAt,
  });
}

/** The row a cursor names; {@link InvalidCursorError} for one of another order or an edited one. */
function decodeLibraryCursor(
  cursor: string | undefined,
  sort: LibrarySort,
  direction: SortDirection,
): LibraryRowKey | null {
  const key = decodeCursor(cursor);
  if (!key) return null;
  const { o, i, n, f, p } = key as Record<string, string | undefined>;
  if (
    o !== `${sort}:${direction}` ||
    !i ||
    n === undefined ||
    f === undefined ||
    !p ||
    Number.isNaN(Date.parse(p))
  )
    throw new InvalidCursorError('The cursor does not belong to this order of the library.');
  return { searchableInvestorId: i, name: n, firm: f || null, purchasedAt: p };
}

export interface LibraryPageQuery {
  readonly search: string;
  readonly sort: LibrarySort;
  readonly direction: SortDirection;
  readonly limit: number;
  readonly cursor?: string | undefined;
}

export interface LibraryPageResult {
  readonly contacts: ReturnType<typeof toView<LibraryRow>>[];
  readonly total: number;
  readonly matching: number;
  readonly cursor: string | null;
  readonly purchases: { cartId: string; purchasedAt: string }[];
}

/**
 * One page of the founder's library at `now`: the rows whose name, firm or email (as bought) hold
 * every word of the search, in the order asked, after the cursor's row; the free updates read for
 * the page's rows only. Reads the library's partition (one Query, paged by DynamoDB), never a Scan.
 */
export async function listLibraryPage(
  userId: string,
  query: LibraryPageQuery,
  now: Date,
): Promise<LibraryPageResult> {
  const after = decodeLibraryCursor(query.cursor, query.sort, query.direction);
  const rows = await withFirms(await listPurchasedContacts(userId));
  const page = libraryPage(rows, {
    search: query.search,
    sort: query.sort,
    direction: query.direction,
    limit: query.limit,
    after,
  });
  return {
    contacts: (await withSheetsAndSources(page.items, now)).map(toView),
    total: rows.length,
    matching: page.matching,
    cursor: page.last ? encodeLibraryCursor(page.last, query.sort, query.direction) : null,
    purchases: libraryPurchases(rows),
  };
}

/** The caller's bought values of one investor at `now`, as the library shows them; null when not bought. */
export async function getLibraryContact(
  userId: string,
  investorId: string,
  now: Date,
): Promise<LibraryRow | null> {
  const row = await getPurchasedContact(userId, investorId);
  if (!row) return null;
  const [withFirm] = await withFirms([row]);
  if (!withFirm) return null;
  const [shown] = await withSheetsAndSources([withFirm], now);
  return shown ? toView(shown) : null;
}

/**
 * The whole library as a CRM import file at `now`: each bought value as the library shows it, the
 * public facts (firm, title, first city and country) as the directory has them today (the firm kept
 * at purchase for an investor no longer in it), first and last name from the source when they make
 * up the name. Written to storage and answered as a link valid {@link EXPORT_LINK_SECONDS}: a library
 * may be as large as the directory, more than an API answer can carry.
 */
export async function exportLibraryForCrm(
  userId: string,
  format: CrmFormat,
  now: Date,
): Promise<{ url: string; fileName: string; expiresAt: string; rowCount: number }> {
  const rows = await withSheets(await listPurchasedContacts(userId), now);
  const cards = await getSearchableInvestors(rows.map((row) => row.searchableInvestorId));
  const sources = new Map(
    (
      await getImportedInvestors([...new Set([...cards.values()].map((card) => card.importedInvestorId))])
    ).map((record) => [record.id, record]),
  );
  const contacts: CrmContact[] = rows.map((row) => {
    const card = cards.get(row.searchableInvestorId);
    const source = card ? sources.get(card.importedInvestorId) : undefined;
    return {
      name: row.name,
      firstName: source?.firstName ?? null,
      lastName: source?.lastName ?? null,
      email: row.email,
      phone: row.phone,
      linkedinUrl: row.linkedinUrl,
      twitterUrl: row.twitterUrl,
      crunchbaseUrl: row.crunchbaseUrl,
      company: card ? card.firmName : (row.firmName ?? null),
      title: card?.title ?? null,
      city: card?.cities[0] ?? null,
      country: card?.countries[0] ?? null,
    };
  });
  const day = now.toISOString().slice(0, 10);
  const fileName = `contacts-${format}-${day}.csv`;
  const key = `${CRM_EXPORT_PREFIX}${userId}/${now.getTime()}-${format}.csv`;
  await putExport(key, buildCrmCsv(contacts, format));
  return {
    url: await presignExportDownload(key, fileName),
    fileName,
    expiresAt: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(),
    rowCount: contacts.length,
  };
}
