/**
 * How a purchase enters a founder's contact library (issue 30, "Deliveries happen once" and "Each
 * purchase's 12 months"), pure: one library row per investor, merged from every cart that included it.
 */
import {
  type BoughtValues,
  LIBRARY_VALUE_FIELDS,
  type LibraryValueField,
  purchasesOf,
  valueBoughtIn,
} from './updates';

/** One cart's purchase of one investor's contact, as its delivery fixed it. */
export interface LibraryPurchase {
  readonly userId: string;
  readonly searchableInvestorId: string;
  readonly importedInvestorId: string;
  readonly name: string;
  /** The investor's (public) firm at the purchase (issue 32: the library's firm column and order). */
  readonly firmName?: string | null;
  readonly cartId: string;
  readonly purchasedAt: string;
  /** Each value bought (a chosen column the investor had a value for), and when it became that value. */
  readonly values: Readonly<Partial<Record<LibraryValueField, { value: string; changedAt: string }>>>;
}

/** A library row: the values bought, and what the library keeps of each purchase. */
export type LibraryRow = BoughtValues & {
  readonly userId: string;
  readonly searchableInvestorId: string;
  readonly importedInvestorId: string;
  readonly name: string;
  /** The firm as the latest purchase saw it; absent on rows bought before issue 32. */
  readonly firmName?: string | null;
  /** The first cart that bought the contact, and when. */
  readonly cartId: string;
  readonly purchasedAt: string;
  readonly cartIds: readonly string[];
  readonly purchases: Readonly<Record<string, string>>;
  readonly boughtIn: Readonly<Partial<Record<LibraryValueField, string>>>;
};

const instant = (iso: string) => new Date(iso).getTime();

const EMPTY_VALUES = {
  email: null,
  linkedinUrl: null,
  phone: null,
  twitterUrl: null,
  crunchbaseUrl: null,
  emailChangedAt: null,
  linkedinChangedAt: null,
  phoneChangedAt: null,
  twitterChangedAt: null,
  crunchbaseChangedAt: null,
} as const;

/**
 * The row after one purchase, or null when the purchase is already in it (its cart is listed): a
 * re-run of a delivery (a retry, a redelivery) then changes nothing, so the library's values are
 * never refreshed by one.
 * - Each value bought takes the place of the row's unless a later purchase gave the row's: a field
 *   bought again takes the newer purchase's value, whatever order the deliveries run in; a field not
 *   bought (a Name-only cart) keeps what an earlier purchase gave.
 * - Each value remembers the cart that bought it (`boughtIn`) and each cart its date (`purchases`):
 *   free updates and the bounce-credit window count from the purchase that bought the value.
 * - `cartId` and `purchasedAt` stay the first purchase's; the name and the firm are the latest
 *   purchase's.
 */
export function mergePurchase(row: LibraryRow | null, purchase: LibraryPurchase): LibraryRow | null {
  if (row?.cartIds.includes(purchase.cartId)) return null;
  const purchases = { ...(row ? purchasesOf(row) : {}), [purchase.cartId]: purchase.purchasedAt };
  const boughtIn: Partial<Record<LibraryValueField, string>> = {};
  const next: Record<string, unknown> = row
    ? { ...row }
    : {
        userId: purchase.userId,
        searchableInvestorId: purchase.searchableInvestorId,
        importedInvestorId: purchase.importedInvestorId,
        name: purchase.name,
        ...EMPTY_VALUES,
        cartId: purchase.cartId,
        purchasedAt: purchase.purchasedAt,
      };
  for (const { field, changedAt } of LIBRARY_VALUE_FIELDS) {
    const holder = row && row[field] !== null ? valueBoughtIn(row, field) : null;
    if (holder) boughtIn[field] = holder;
    const bought = purchase.values[field];
    if (!bought) continue;
    const holderAt = holder ? purchases[holder] : undefined;
    if (holderAt !== undefined && instant(holderAt) > instant(purchase.purchasedAt)) continue;
    next[field] = bought.value;
    next[changedAt] = bought.changedAt;
    boughtIn[field] = purchase.cartId;
  }
  const latest = Object.values(purchases).every((at) => instant(at) <= instant(purchase.purchasedAt));
  if (row && latest) {
    next.name = purchase.name;
    next.importedInvestorId = purchase.importedInvestorId;
  }
  // The firm is the latest purchase's too; an earlier one fills a row that has none.
  if (purchase.firmName !== undefined && (!row || latest || next.firmName === undefined))
    next.firmName = purchase.firmName;
  if (row && instant(purchase.purchasedAt) < instant(row.purchasedAt)) {
    next.cartId = purchase.cartId;
    next.purchasedAt = purchase.purchasedAt;
  }
  next.cartIds = [...new Set([...(row?.cartIds ?? []), purchase.cartId])].sort();
  next.purchases = purchases;
  next.boughtIn = boughtIn;
  return next as LibraryRow;
}
