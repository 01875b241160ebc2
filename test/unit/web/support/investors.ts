import { addToCart, type Cart, type CartInvestor } from '../../../../shared/cart/cart';

export function investor(n: number, overrides: Partial<CartInvestor> = {}): CartInvestor {
  return {
    id: `inv_${n}`,
    name: `Investor ${String(n).padStart(2, '0')}`,
    investorRole: 'vc',
    stageFocus: ['seed'],
    sectorFocus: ['fintech'],
    hasEmail: true,
    hasPhone: false,
    hasLinkedIn: n % 2 === 0,
    hasTwitter: false,
    hasCrunchbase: false,
    ...overrides,
  };
}

/** A cart of `count` investors, built with the shared cart transitions. */
/**
 * A stored cart of `count` investors. Its columns are the spec's four (Row Index, Name, Email,
 * LinkedIn URL), which the export builder's tests were written against; a new cart's default
 * (issue 50) is tested in test/unit/cart/export.test.ts.
 */
export function cartOf(count: number): Cart {
  let cart: Cart | null = null;
  for (let n = 1; n <= count; n++) {
    const result = addToCart(cart, investor(n), {
      userId: 'user-1',
      now: Date.UTC(2024, 2, 7),
      random: () => 0.5,
    });
    if (!result.ok) throw new Error(result.message);
    cart = result.cart;
  }
  if (!cart) throw new Error('Empty cart');
  return { ...cart, columnOrder: ['rowIndex', 'name', 'email', 'linkedinUrl'] };
}
