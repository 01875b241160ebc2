import type { CartView } from '../../../../shared/api/carts';
import { cartOf } from './investors';

export const CART_ID = 'cart_20240307-SSSSSSSS';
export const CART_PAYMENT_LINK = 'https://buy.stripe.com/test_tier50';

/** A saved cart of 3 as the API answers it (`GET /carts/{id}`, `POST /carts`). */
export function cartView(overrides: Partial<CartView> = {}): CartView {
  const stored = cartOf(3);
  return {
    id: CART_ID,
    startedDate: stored.startedDate,
    items: stored.items,
    searchableInvestorEntryIds: stored.searchableInvestorEntryIds,
    pricing: {
      tierDescription: 'Up to 50 contacts',
      totalX100: 500,
      lineItemCount: 3,
      stripePaymentLink: CART_PAYMENT_LINK,
    },
    status: 'active',
    creatorUserId: 'user-1',
    columnOrder: ['rowIndex', 'name', 'email', 'linkedinUrl'],
    exportFormat: 'csv',
    purchasedAt: null,
    paymentFlagged: false,
    purchaseState: 'open',
    editable: true,
    ...overrides,
  };
}
