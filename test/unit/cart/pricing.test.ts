import { describe, expect, it } from 'vitest';
import {
  cartTierSummary,
  formatUsd,
  MAX_CART_ITEMS,
  type PaymentLinks,
  PRICE_TIERS,
  priceCart,
  tierForCount,
  tierRange,
} from '../../../shared/cart/pricing';
import { messages } from '../../../shared/messages';

const links: PaymentLinks = {
  'tier-50': 'https://pay.example/50',
  'tier-250': 'https://pay.example/250',
  'tier-1000': 'https://pay.example/1000',
  'tier-2500': 'https://pay.example/2500',
};

describe('tierForCount', () => {
  it.each([
    [0, 'tier-50', 500],
    [1, 'tier-50', 500],
    [50, 'tier-50', 500],
    [51, 'tier-250', 1500],
    [250, 'tier-250', 1500],
    [251, 'tier-1000', 2500],
    [1000, 'tier-1000', 2500],
    [1001, 'tier-2500', 5000],
    [2500, 'tier-2500', 5000],
  ])('puts %i items in %s at %i cents', (count, id, price) => {
    const tier = tierForCount(count);
    expect(tier.id).toBe(id);
    expect(tier.priceX100).toBe(price);
  });

  it('refuses 2,501 items with No tier found for line item count', () => {
    expect(() => tierForCount(2501)).toThrow(new Error('No tier found for line item count'));
    expect(messages.noTierFound).toBe('No tier found for line item count');
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the count %s', (count) => {
    expect(() => tierForCount(count)).toThrow(messages.noTierFound);
  });

  it('has tiers that cover 0 to 2,500 without gaps or overlaps', () => {
    expect(MAX_CART_ITEMS).toBe(2500);
    expect(PRICE_TIERS[0]?.minItems).toBe(0);
    expect(PRICE_TIERS.at(-1)?.maxItems).toBe(MAX_CART_ITEMS);
    for (let i = 1; i < PRICE_TIERS.length; i++) {
      expect(PRICE_TIERS[i]?.minItems).toBe((PRICE_TIERS[i - 1]?.maxItems ?? Number.NaN) + 1);
    }
  });

  it('describes each tier by its contact range', () => {
    expect(PRICE_TIERS.map((t) => t.tierDescription)).toEqual([
      'Up to 50 contacts',
      '51 to 250 contacts',
      '251 to 1,000 contacts',
      '1,001 to 2,500 contacts',
    ]);
  });
});

describe('priceCart', () => {
  it('prices 50 items at $5.00 with the first tier link', () => {
    expect(priceCart(50, links)).toEqual({
      tierDescription: 'Up to 50 contacts',
      totalX100: 500,
      lineItemCount: 50,
      stripePaymentLink: 'https://pay.example/50',
    });
  });

  it('prices 51 items with the second tier and its own link', () => {
    expect(priceCart(51, links)).toMatchObject({
      totalX100: 1500,
      lineItemCount: 51,
      stripePaymentLink: 'https://pay.example/250',
    });
  });

  it('prices 1,001 and 2,500 items at $50 with the last tier link', () => {
    expect(priceCart(1001, links).stripePaymentLink).toBe('https://pay.example/2500');
    expect(priceCart(2500, links).totalX100).toBe(5000);
  });

  it('refuses 2,501 items with No tier found for line item count', () => {
    expect(() => priceCart(2501, links)).toThrow(messages.noTierFound);
  });

  it('refuses a tier whose payment link is blank', () => {
    expect(() => priceCart(10, { ...links, 'tier-50': ' ' })).toThrow(
      'No payment link configured for tier-50',
    );
  });
});

describe('formatUsd', () => {
  it.each([
    [500, '$5.00'],
    [1500, '$15.00'],
    [2500, '$25.00'],
    [5000, '$50.00'],
    [0, '$0.00'],
    [1999, '$19.99'],
    [123456, '$1,234.56'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('refuses a fractional number of cents', () => {
    expect(() => formatUsd(5.5)).toThrow(RangeError);
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
  });
});

describe('the tier beside Add (cartTierSummary)', () => {
  it.each([
    [1, '1 in cart · $5.00 tier (up to 50)'],
    [12, '12 in cart · $5.00 tier (up to 50)'],
    [50, '50 in cart · $5.00 tier (up to 50)'],
    [51, '51 in cart · $15.00 tier (51 to 250)'],
    [1000, '1,000 in cart · $25.00 tier (251 to 1,000)'],
    [2500, '2,500 in cart · $50.00 tier (1,001 to 2,500)'],
    [2501, '2,501 in cart · more than 2,500 cannot be bought'],
  ])('says a cart of %i is "%s"', (count, summary) => {
    expect(cartTierSummary(count)).toBe(summary);
  });

  it('names every tier by its range, as the pricing page lists them', () => {
    expect(PRICE_TIERS.map(tierRange)).toEqual(['up to 50', '51 to 250', '251 to 1,000', '1,001 to 2,500']);
  });
});
