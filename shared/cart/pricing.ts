/**
 * Price tiers of the export cart (spec section 9). A cart is priced by its number of line items; each tier
 * has its own hosted payment link. Prices are whole US cents ("X100" = dollars times 100).
 */
import * as z from 'zod/mini';
import { messages } from '../messages';

/** The largest cart that has a price tier; more items than this cannot be bought. */
export const MAX_CART_ITEMS = 2500;

export const PRICE_TIER_IDS = ['tier-50', 'tier-250', 'tier-1000', 'tier-2500'] as const;
export type PriceTierId = (typeof PRICE_TIER_IDS)[number];

export interface PriceTier {
  readonly id: PriceTierId;
  /** Smallest line-item count of the tier, inclusive. */
  readonly minItems: number;
  /** Largest line-item count of the tier, inclusive. */
  readonly maxItems: number;
  readonly tierDescription: string;
  /** Price in US cents. */
  readonly priceX100: number;
}

export const PRICE_TIERS: readonly PriceTier[] = [
  { id: 'tier-50', minItems: 0, maxItems: 50, tierDescription: 'Up to 50 contacts', priceX100: 500 },
  { id: 'tier-250', minItems: 51, maxItems: 250, tierDescription: '51 to 250 contacts', priceX100: 1500 },
  {
    id: 'tier-1000',
    minItems: 251,
    maxItems: 1000,
    tierDescription: '251 to 1,000 contacts',
    priceX100: 2500,
  },
  {
    id: 'tier-2500',
    minItems: 1001,
    maxItems: MAX_CART_ITEMS,
    tierDescription: '1,001 to 2,500 contacts',
    priceX100: 5000,
  },
];

/**
 * The tier for a cart of `lineItemCount` items.
 *
 * @throws Error 'No tier found for line item count' for more than {@link MAX_CART_ITEMS} items, and for a
 *   count that is negative or not a whole number.
 */
export function tierForCount(lineItemCount: number): PriceTier {
  const tier = Number.isSafeInteger(lineItemCount)
    ? PRICE_TIERS.find((t) => lineItemCount >= t.minItems && lineItemCount <= t.maxItems)
    : undefined;
  if (!tier) throw new Error(messages.noTierFound);
  return tier;
}

/** The hosted payment link of each tier (configuration, not domain data). */
export type PaymentLinks = Readonly<Record<PriceTierId, string>>;

/** The pricing stored on a cart (spec section 3). */
export const cartPricingSchema = z.object({
  tierDescription: z.string(),
  totalX100: z.int().check(z.nonnegative()),
  lineItemCount: z.int().check(z.nonnegative(), z.lte(MAX_CART_ITEMS)),
  stripePaymentLink: z.string(),
});
export type CartPricing = z.infer<typeof cartPricingSchema>;

/**
 * Prices a cart of `lineItemCount` items and picks the tier's payment link.
 *
 * @throws Error 'No tier found for line item count' as {@link tierForCount} does.
 * @throws Error when the tier has no payment link configured (a deployment mistake, not a user error).
 */
export function priceCart(lineItemCount: number, paymentLinks: PaymentLinks): CartPricing {
  const tier = tierForCount(lineItemCount);
  const stripePaymentLink = paymentLinks[tier.id];
  if (typeof stripePaymentLink !== 'string' || stripePaymentLink.trim() === '') {
    throw new Error(`No payment link configured for ${tier.id}`);
  }
  return {
    tierDescription: tier.tierDescription,
    totalX100: tier.priceX100,
    lineItemCount,
    stripePaymentLink,
  };
}

// Made on first use: nothing locale-aware runs while a function loads (shared/format/numbers.ts).
let usd: Intl.NumberFormat | undefined;

/**
 * Formats US cents as dollars with two decimals: 500 → '$5.00', 150000 → '$1,500.00'.
 *
 * @throws RangeError when `cents` is not a whole number.
 */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount in cents must be a whole number: ${cents}`);
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** A tier's range in a few words: 'up to 50', '51 to 250', '251 to 1,000', '1,001 to 2,500'. */
export function tierRange(tier: PriceTier): string {
  const max = tier.maxItems.toLocaleString('en-US');
  return tier.minItems <= 1 ? `up to ${max}` : `${tier.minItems.toLocaleString('en-US')} to ${max}`;
}

/**
 * Where a cart of `count` stands (issue 32), shown beside Add: '12 in cart · $5.00 tier (up to 50)'.
 * Past the largest tier: '2,501 in cart · more than 2,500 cannot be bought'.
 */
export function cartTierSummary(count: number): string {
  const inCart = `${count.toLocaleString('en-US')} in cart`;
  const tier = PRICE_TIERS.find((t) => count >= t.minItems && count <= t.maxItems);
  if (!tier) return `${inCart} · more than ${MAX_CART_ITEMS.toLocaleString('en-US')} cannot be bought`;
  return `${inCart} · ${formatUsd(tier.priceX100)} tier (${tierRange(tier)})`;
}

/** The smallest list's price in words: '$5.00 for up to 50 contacts'. */
export function startingPrice(): string {
  const [first] = PRICE_TIERS;
  return first ? `${formatUsd(first.priceX100)} for ${tierRange(first)} contacts` : '';
}
