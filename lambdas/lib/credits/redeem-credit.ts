import type { CreditsResponse, RedeemCreditResponse } from '../../../shared/api/credits';
import { newCartId } from '../../../shared/cart/cart';
import { EXPORT_COLUMN_KEYS } from '../../../shared/cart/export';
import { ensureDeliveryStarted } from '../purchases/start-delivery';
import type { CartRecord, CreditEntry } from '../table/models';
import {
  getCreditBalance,
  getRedemption,
  listCreditEntries,
  NoCreditsError,
  spendCredit,
} from '../table/repositories/credits';
import { getSearchableInvestor } from '../table/repositories/investors';
import { getPurchasedContact } from '../table/repositories/users';

/** Why a redemption was refused: the investor is already in the founder's library (nothing spent). */
export class AlreadyInLibraryError extends Error {
  override readonly name = 'AlreadyInLibraryError';
}

/** Why a redemption was refused: no such investor, or no longer listed (nothing spent). */
export class CreditInvestorNotFoundError extends Error {
  override readonly name = 'CreditInvestorNotFoundError';
}

/**
 * The columns of a contact bought with a credit: every column the delivery supports (the spec's
 * default four first), since the credit replaces a contact that failed the founder.
 */
export const CREDIT_COLUMN_ORDER = [...EXPORT_COLUMN_KEYS];

const toResponseEntry = (entry: CreditEntry) => ({
  kind: entry.kind,
  at: entry.at,
  investorId: entry.investorId,
  investorName: entry.investorName,
  reportId: entry.reportId,
  cartId: entry.cartId,
});

/** The founder's balance and history, newest first. */
export async function creditsOf(userId: string): Promise<CreditsResponse> {
  const [balance, entries] = await Promise.all([getCreditBalance(userId), listCreditEntries(userId)]);
  return { balance: balance.balance, entries: entries.map(toResponseEntry) };
}

/**
 * What a redemption writes in the transaction that spends the credit: the history entry and the
 * one-investor cart, already purchased and marked `paidWithCredit`, its CSV for `recipientEmail`.
 */
export function redemptionWrites(input: {
  userId: string;
  recipientEmail: string;
  investorId: string;
  investorName: string;
  now: Date;
  cartId?: string;
}): { entry: CreditEntry; cart: CartRecord } {
  const { userId, investorId, investorName, now } = input;
  const cart: CartRecord = {
    id: input.cartId ?? newCartId(now),
    startedDate: now.getTime(),
    searchableInvestorEntryIds: [investorId],
    pricing: { tierDescription: 'Bounce credit', totalX100: 0, lineItemCount: 1, stripePaymentLink: '' },
    status: 'purchased',
    creatorUserId: userId,
    columnOrder: CREDIT_COLUMN_ORDER,
    exportFormat: 'csv',
    savedAt: now.toISOString(),
    purchasedAt: now.toISOString(),
    flaggedReason: null,
    version: 1,
    checkoutOpenedAt: null,
    recipientEmail: input.recipientEmail,
    paymentStatus: null,
    paidSessionId: null,
    paidWithCredit: true,
    investorNames: { [investorId]: investorName },
  };
  const entry: CreditEntry = {
    userId,
    kind: 'redeemed',
    at: now.toISOString(),
    investorId,
    investorName,
    reportId: null,
    cartId: cart.id,
  };
  return { entry, cart };
}

/**
 * Redeems one credit for one investor's contact (issue 20): a one-investor cart, already purchased and
 * marked `paidWithCredit`, written in the same transaction that spends the credit, then delivered by
 * the purchase's export-delivery workflow (library rows, CSV emailed to `recipientEmail`). Exactly
 * once (issue 30): a repeated request, at once or later, answers the redemption that exists (however
 * its checks fared: the balance it spent, the library row its delivery wrote), and starts its delivery
 * only if none ran (a redemption that died after spending); two redemptions racing for one credit
 * spend it once (the other is NoCreditsError).
 *
 * @throws CreditInvestorNotFoundError, AlreadyInLibraryError, NoCreditsError: nothing spent.
 */
export async function redeemCredit(input: {
  userId: string;
  recipientEmail: string;
  investorId: string;
  now: Date;
}): Promise<RedeemCreditResponse> {
  const { userId, investorId } = input;
  const redemption = (await getRedemption(userId, investorId)) ?? (await spendOnce(input));
  if (redemption.cartId) await ensureDeliveryStarted(redemption.cartId);
  return { redemption: toResponseEntry(redemption), balance: (await getCreditBalance(userId)).balance };
}

/**
 * Checks and spends a credit for the investor; a refusal that a concurrent identical request explains
 * (its redemption now exists: it spent the credit, or delivered the contact) answers that redemption.
 */
async function spendOnce(input: {
  userId: string;
  recipientEmail: string;
  investorId: string;
  now: Date;
}): Promise<CreditEntry> {
  const { userId, investorId } = input;
  try {
    if ((await getCreditBalance(userId)).balance < 1) throw new NoCreditsError('No credit left');
    const investor = await getSearchableInvestor(investorId);
    if (!investor) throw new CreditInvestorNotFoundError('Investor not found');
    if (await getPurchasedContact(userId, investorId))
      throw new AlreadyInLibraryError('The investor is already in the library');
    const { entry, cart } = redemptionWrites({ ...input, investorName: investor.name });
    return await spendCredit(entry, cart);
  } catch (error) {
    if (!(error instanceof NoCreditsError || error instanceof AlreadyInLibraryError)) throw error;
    const existing = await getRedemption(userId, investorId);
    if (existing) return existing;
    throw error;
  }
}
