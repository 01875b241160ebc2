// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOUNCE_CREDIT_DAYS } from '../../../shared/credits/bounce-credit';
import { CartTierNote } from '../../../web/components/cart-tier-note';
import { PricingPage, PURCHASE_INCLUDES } from '../../../web/pages/pricing/pricing-page';
import { EXPORT_CART_STORAGE_KEY } from '../../../web/stores/export-cart';
import { setSignedInUser } from './support/amplify-auth-mock';
import { cartOf } from './support/investors';
import { renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

beforeEach(() => {
  window.localStorage.clear();
  setSignedInUser(null);
});
afterEach(cleanup);

describe('the pricing page (issue 32: prices before the cart)', () => {
  it('lists every tier with its price, and what a purchase includes', () => {
    renderPage(<PricingPage />, { path: '/pricing' });
    const tiers = within(screen.getByRole('list', { name: 'Price tiers' })).getAllByRole('listitem');
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      'Up to 50 contacts$5.00',
      '51 to 250 contacts$15.00',
      '251 to 1,000 contacts$25.00',
      '1,001 to 2,500 contacts$50.00',
    ]);
    for (const item of PURCHASE_INCLUDES)
      expect(screen.getByRole('heading', { name: item.title })).toBeTruthy();
    expect(screen.getByText(/A CSV file by email/)).toBeTruthy();
    expect(screen.getByText(/12 months after you buy a contact/)).toBeTruthy();
    expect(screen.getByText(new RegExp(`within ${BOUNCE_CREDIT_DAYS} days of the purchase`))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find investors' }).getAttribute('href')).toBe('/find-vc');
  });

  it("says where the founder's cart stands, with its tier", () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(12)));
    renderPage(<PricingPage />, { path: '/pricing' });
    expect(
      screen.getByRole('link', { name: '12 in cart · $5.00 tier (up to 50)' }).getAttribute('href'),
    ).toBe('/cart');
  });
});

describe('the tier beside Add', () => {
  it('says where the cart stands, or what a list starts at, with a link to the prices', () => {
    renderPage(<CartTierNote />);
    expect(screen.getByTestId('cart-tier-note').textContent).toBe(
      'Lists from $5.00 for up to 50 contacts · Prices',
    );
    cleanup();
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify(cartOf(51)));
    renderPage(<CartTierNote />);
    expect(screen.getByTestId('cart-tier-note').textContent).toBe(
      '51 in cart · $15.00 tier (51 to 250) · Prices',
    );
    expect(screen.getByRole('link', { name: 'Prices' }).getAttribute('href')).toBe('/pricing');
  });
});
