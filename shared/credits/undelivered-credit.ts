import type { CreditEntry } from '../api/credits';

/**
 * Credits for contacts a paid cart could not deliver: an investor of the cart no longer in the
 * directory (deleted, merged away or withdrawn between the save and the payment) is not in the CSV nor
 * the library, and the buyer gets one credit for it instead, once per cart and investor
 * (docs/decisions.md, "Contacts a paid cart cannot deliver").
 */

/** What the delivery email adds when `count` of the cart's contacts could not be delivered (none when 0). */
export function undeliveredCreditLine(count: number, paidWithCredit: boolean): string | null {
  if (count <= 0) return null;
  if (paidWithCredit)
    return 'The contact you chose is no longer in the directory, so it is not in this list: we gave your credit back. Use it for another investor from their page (“Use a credit”).';
  const contacts =
    count === 1 ? '1 of the contacts you paid for is' : `${count} of the contacts you paid for are`;
  const credits = count === 1 ? '1 credit' : `${count} credits`;
  return `${contacts} no longer in the directory, so this list does not include ${count === 1 ? 'it' : 'them'}: we added ${credits} to your account. A credit adds any investor’s contact to your library free: use it from the investor’s page (“Use a credit”).`;
}

/** The text of a line of the credit history, before (or around) the investor's name. */
export function creditHistoryLabel(entry: Pick<CreditEntry, 'kind' | 'cartId'>): {
  before: string;
  after: string;
} {
  switch (entry.kind) {
    case 'granted':
      return { before: '+1 granted for your report about ', after: '' };
    case 'redeemed':
      return { before: '−1 redeemed for ', after: '' };
    case 'undelivered':
      return { before: '+1 for ', after: `, no longer in the directory (cart ${entry.cartId ?? ''})` };
  }
}

/** The name a history line shows for an investor a cart could not deliver, when the cart has none. */
export const UNKNOWN_INVESTOR_NAME = 'an investor';
