// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartView } from '../../../shared/api/carts';
import { cartPaymentUrl } from '../../../shared/cart/payment-link';
import { messages } from '../../../shared/messages';
import {
  CART_NOT_FOUND,
  CartPurchasePage,
  PAYMENT_FLAGGED,
} from '../../../web/pages/cart-purchase/cart-purchase-page';
import { EXPORT_CART_STORAGE_KEY } from '../../../web/stores/export-cart';
import { setSignedInUser } from './support/amplify-auth-mock';
import { cartOf } from './support/investors';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

const CART_ID = 'cart_20240307-SSSSSSSS';
const LINK = 'https://buy.stripe.com/test_tier50';

function cartView(overrides: Partial<CartView> = {}): CartView {
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
      stripePaymentLink: LINK,
    },
    status: 'active',
    creatorUserId: 'user-1',
    columnOrder: ['rowIndex', 'name', 'email', 'linkedinUrl'],
    exportFormat: 'csv',
    purchasedAt: null,
    paymentFlagged: false,
    ...overrides,
  };
}

const openPage = () => renderPage(<CartPurchasePage />, { path: '/cart/:cartId', route: `/cart/${CART_ID}` });

beforeEach(() => {
  window.localStorage.clear();
  setSignedInUser({ email: 'ada+buyer@example.com' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the payment link', () => {
  it('carries the cart id as client_reference_id and the encoded email', () => {
    expect(cartPaymentUrl(LINK, CART_ID, 'ada+buyer@example.com')).toBe(
      `${LINK}?client_reference_id=${CART_ID}&prefilled_email=ada%2Bbuyer%40example.com`,
    );
  });

  it('adds to a link that already has a query', () => {
    expect(cartPaymentUrl('https://pay.example/l?x=1', CART_ID, 'a@b.co')).toBe(
      `https://pay.example/l?x=1&client_reference_id=${CART_ID}&prefilled_email=a%40b.co`,
    );
  });
});

describe('the purchase page', () => {
  it('says a payment of the wrong amount was received, instead of asking to pay again', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: cartView({ paymentFlagged: true }) } })),
    );
    openPage();
    expect(await screen.findByText(PAYMENT_FLAGGED)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /securely/ })).toBeNull();
  });

  it('shows the count, price and tier, and opens the payment page in a new tab', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: cartView() } })),
    );
    openPage();
    expect(await screen.findByRole('heading', { name: messages.purchaseContactList })).toBeTruthy();
    const pay = await screen.findByRole('link', { name: /Pay \$5\.00 securely/ });
    expect(pay.getAttribute('href')).toBe(cartPaymentUrl(LINK, CART_ID, 'ada+buyer@example.com'));
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByText('Up to 50 contacts')).toBeTruthy();
    expect(screen.getByText("Copy this page's address before you pay.")).toBeTruthy();
    expect((screen.getByLabelText("This page's address") as HTMLInputElement).value).toBe(
      window.location.href,
    );
    expect(screen.getByText(/emailed to you as a CSV file/)).toBeTruthy();
  });

  it('reads the cart again until it is purchased, then hides the pay button and clears the export cart', async () => {
    window.localStorage.setItem(EXPORT_CART_STORAGE_KEY, JSON.stringify({ ...cartOf(3), id: CART_ID }));
    let reads = 0;
    vi.stubGlobal(
      'fetch',
      answerFetch(() => {
        reads++;
        return {
          body: {
            data:
              reads === 1
                ? cartView()
                : cartView({ status: 'purchased', purchasedAt: '2024-03-07T15:00:00.000Z' }),
          },
        };
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openPage();
    await screen.findByRole('link', { name: /Pay \$5\.00 securely/ });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByText('This contact list has been purchased')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
    await waitFor(() => expect(window.localStorage.getItem(EXPORT_CART_STORAGE_KEY)).toBeNull());
    const before = reads;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toBe(before);
  });

  it('says so when the cart is missing or someone else’s', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ status: 404, body: { error: { code: 'not-found', message: 'Cart not found' } } })),
    );
    openPage();
    expect(await screen.findByText(CART_NOT_FOUND)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
  });
});
