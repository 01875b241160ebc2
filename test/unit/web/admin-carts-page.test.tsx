// @vitest-environment jsdom
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminCartsResponse } from '../../../shared/api/admin';
import { messages } from '../../../shared/messages';
import { showDateTime } from '../../../web/components/dates';
import { paths } from '../../../web/config/paths';
import {
  AdminCartsPage,
  LOAD_MORE_CARTS,
  LOAD_MORE_PAYMENTS,
  NO_UNMATCHED_PAYMENTS,
  PURCHASE_STATE_LABELS,
  STUCK_DELIVERY,
} from '../../../web/pages/admin/admin-carts-page';
import {
  AdminDebugFieldPage,
  DEBUG_FIELD_PARAMS_MISSING,
} from '../../../web/pages/admin/admin-debug-field-page';
import { ADMIN_CLAIMS } from './support/admin';
import { setSignedInUser } from './support/amplify-auth-mock';
import { answerFetch, renderPage } from './support/render';

vi.mock('aws-amplify/auth', () => import('./support/amplify-auth-mock'));

type AdminCart = AdminCartsResponse['carts'][number];

const cart = (overrides: Partial<AdminCart>): AdminCart => ({
  id: 'cart_20240307-AAAAAAAA',
  creatorUserId: 'user-1',
  creatorEmail: 'founder@example.com',
  startedDate: Date.UTC(2024, 2, 7, 14, 5),
  status: 'active',
  itemCount: 3,
  totalX100: 500,
  purchasedAt: null,
  flaggedReason: null,
  purchaseState: 'open',
  deliveryFailure: null,
  undeliveredCredited: 0,
  ...overrides,
});

// The page reads two lists at once; on a busy machine the first render may take a few seconds.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => setSignedInUser(ADMIN_CLAIMS));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The two lists the page reads, each a page at a time: `carts` and `payments` answer by cursor. */
function answerLists(
  carts: (cursor: string | null) => { carts: AdminCart[]; cursor: string | null },
  payments: (cursor: string | null) => { payments: unknown[]; cursor: string | null } = () => ({
    payments: [],
    cursor: null,
  }),
  calls: { url: string; method: string }[] = [],
) {
  return answerFetch((url, init) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    const cursor = new URL(url, 'http://localhost').searchParams.get('cursor');
    if (url.includes('/admin/unmatched-payments')) return { body: { data: payments(cursor) } };
    if (url.endsWith('/redeliver'))
      return { body: { data: { cartId: 'x', executionArn: 'arn:aws:states:x' } } };
    return { body: { data: carts(cursor) } };
  });
}

const payment = (id: string) => ({
  checkoutSessionId: id,
  cartId: null,
  amountX100: 1500,
  currency: 'usd',
  customerEmail: 'payer@example.com',
  reason: 'The payment names no cart (no client_reference_id).',
  receivedAt: '2024-03-08T12:00:00.000Z',
});

describe('the recent carts page', { timeout: 30_000 }, () => {
  it('shows each cart with its creator, start, status and item count, and a flag when set', async () => {
    const carts = [
      cart({ id: 'cart_20240307-AAAAAAAA' }),
      cart({
        id: 'cart_20240306-BBBBBBBB',
        status: 'purchased',
        itemCount: 60,
        totalX100: 1500,
        purchasedAt: '2024-03-06T12:00:00.000Z',
        creatorEmail: null,
        flaggedReason: 'Paid 500 usd for a cart priced 1500 usd',
        purchaseState: 'flagged',
      }),
      cart({
        id: 'cart_20240305-DDDDDDDD',
        status: 'purchased',
        purchasedAt: '2024-03-05T12:00:00.000Z',
        purchaseState: 'delivered',
        undeliveredCredited: 2,
      }),
    ];
    vi.stubGlobal(
      'fetch',
      answerLists(() => ({ carts, cursor: null })),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });

    const active = await screen.findByRole('article', { name: 'Cart cart_20240307-AAAAAAAA' });
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText('founder@example.com')).toBeTruthy();
    expect(within(active).getByText(showDateTime(Date.UTC(2024, 2, 7, 14, 5)))).toBeTruthy();
    expect(within(active).getByText('3')).toBeTruthy();
    expect(within(active).queryByText('Flagged')).toBeNull();

    const purchased = screen.getByRole('article', { name: 'Cart cart_20240306-BBBBBBBB' });
    expect(within(purchased).getByText('Purchased', { selector: '.badge' })).toBeTruthy();
    expect(within(purchased).getByText('Flagged')).toBeTruthy();
    expect(within(purchased).getByText('Paid 500 usd for a cart priced 1500 usd')).toBeTruthy();
    // No user record for the creator: the spec's 'User not found'.
    expect(within(purchased).getByText(messages.userNotFound)).toBeTruthy();
    expect(within(purchased).queryByText('Credited')).toBeNull();

    const credited = screen.getByRole('article', { name: 'Cart cart_20240305-DDDDDDDD' });
    expect(within(credited).getByText('Credited')).toBeTruthy();
    expect(within(credited).getByText('2 undelivered (no longer in the directory)')).toBeTruthy();
    // One page only: nothing more to load.
    expect(screen.queryByRole('button', { name: LOAD_MORE_CARTS })).toBeNull();
  });

  it('says when there are no carts', async () => {
    vi.stubGlobal(
      'fetch',
      answerLists(() => ({ carts: [], cursor: null })),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });
    expect(await screen.findByText(messages.noCartsFound)).toBeTruthy();
    expect(await screen.findByText(NO_UNMATCHED_PAYMENTS)).toBeTruthy();
  });

  it('shows a failed delivery with a Redeliver button that starts a new delivery', async () => {
    const calls: { url: string; method: string }[] = [];
    const delayed = cart({
      id: 'cart_20240308-CCCCCCCC',
      status: 'purchased',
      purchasedAt: '2024-03-08T12:00:00.000Z',
      purchaseState: 'delayed',
      deliveryFailure: 'MessageRejected: Email address is not verified.',
    });
    vi.stubGlobal(
      'fetch',
      answerLists(() => ({ carts: [delayed], cursor: null }), undefined, calls),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });

    const card = await screen.findByRole('article', { name: 'Cart cart_20240308-CCCCCCCC' });
    expect(within(card).getByText(PURCHASE_STATE_LABELS.delayed)).toBeTruthy();
    expect(within(card).getByText('MessageRejected: Email address is not verified.')).toBeTruthy();
    within(card).getByRole('button', { name: 'Redeliver' }).click();

    await waitFor(() =>
      expect(calls).toContainEqual({
        url: expect.stringContaining(`/admin/carts/${delayed.id}/redeliver`),
        method: 'POST',
      }),
    );
  });

  it('shows a paid cart whose delivery is stuck as stuck, with Redeliver; a cart being delivered has none', async () => {
    const calls: { url: string; method: string }[] = [];
    const stuck = cart({
      id: 'cart_20240309-EEEEEEEE',
      status: 'purchased',
      purchasedAt: '2024-03-09T12:00:00.000Z',
      purchaseState: 'stuck',
    });
    const delivering = cart({
      id: 'cart_20240309-FFFFFFFF',
      status: 'purchased',
      purchasedAt: '2024-03-09T12:01:00.000Z',
      purchaseState: 'delivering',
    });
    vi.stubGlobal(
      'fetch',
      answerLists(() => ({ carts: [stuck, delivering], cursor: null }), undefined, calls),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });

    const card = await screen.findByRole('article', { name: `Cart ${stuck.id}` });
    expect(within(card).getByText(PURCHASE_STATE_LABELS.stuck)).toBeTruthy();
    expect(within(card).getByText('Stuck')).toBeTruthy();
    expect(within(card).getByText(STUCK_DELIVERY)).toBeTruthy();
    const other = screen.getByRole('article', { name: `Cart ${delivering.id}` });
    expect(within(other).getByText(PURCHASE_STATE_LABELS.delivering)).toBeTruthy();
    expect(within(other).queryByRole('button', { name: 'Redeliver' })).toBeNull();

    within(card).getByRole('button', { name: 'Redeliver' }).click();
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: expect.stringContaining(`/admin/carts/${stuck.id}/redeliver`),
        method: 'POST',
      }),
    );
  });

  it('asks for 50 carts a page and loads the next with "Load more carts" until the list ends', async () => {
    const calls: { url: string; method: string }[] = [];
    // (The server answers at most 50; a short page with a cursor is enough to show the paging.)
    const firstPage = Array.from({ length: 3 }, (_, i) =>
      cart({ id: `cart_20240310-${String(i).padStart(8, '0')}` }),
    );
    const lastPage = [cart({ id: 'cart_20240301-LASTLAST' })];
    vi.stubGlobal(
      'fetch',
      answerLists(
        (cursor) =>
          cursor === 'page-2' ? { carts: lastPage, cursor: null } : { carts: firstPage, cursor: 'page-2' },
        undefined,
        calls,
      ),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });

    await screen.findByRole('article', { name: `Cart ${firstPage[0]?.id}` });
    expect(screen.queryByRole('article', { name: 'Cart cart_20240301-LASTLAST' })).toBeNull();
    expect(calls[0]?.url).toContain('/admin/carts?limit=50');
    screen.getByRole('button', { name: LOAD_MORE_CARTS }).click();

    expect(await screen.findByRole('article', { name: 'Cart cart_20240301-LASTLAST' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(calls.map((c) => c.url)).toContainEqual(
      expect.stringContaining('/admin/carts?cursor=page-2&limit=50'),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: LOAD_MORE_CARTS })).toBeNull());
  });

  it('lists unmatched payments with their session, cart, amount, email and reason, a page at a time', async () => {
    vi.stubGlobal(
      'fetch',
      answerLists(
        () => ({ carts: [], cursor: null }),
        (cursor) =>
          cursor === 'more'
            ? { payments: [payment('cs_test_older')], cursor: null }
            : { payments: [payment('cs_test_unmatched')], cursor: 'more' },
      ),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });

    const table = await screen.findByRole('table');
    expect(within(table).getByText('cs_test_unmatched')).toBeTruthy();
    expect(within(table).getByText('$15.00')).toBeTruthy();
    expect(within(table).getByText('payer@example.com')).toBeTruthy();
    expect(within(table).getByText('The payment names no cart (no client_reference_id).')).toBeTruthy();
    expect(within(table).queryByText('cs_test_older')).toBeNull();

    screen.getByRole('button', { name: LOAD_MORE_PAYMENTS }).click();
    expect(await screen.findByText('cs_test_older')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: LOAD_MORE_PAYMENTS })).toBeNull());
  });

  it('shows a load error in a danger alert', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Table unavailable' } },
      })),
    );
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });
    const alert = await screen.findByText('Table unavailable');
    expect(alert.closest('.alert-danger')).toBeTruthy();
  });

  it('sends a non-admin to /', async () => {
    setSignedInUser({});
    renderPage(<AdminCartsPage />, { path: '/admin/carts' });
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });
});

describe('the debug-field page', () => {
  it('lists the investors holding the first selected value', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        urls.push(url);
        return {
          body: {
            data: {
              field: 'sectorFocus',
              value: 'fintech',
              investors: [
                { id: 'inv_1', name: 'Ada Abernook' },
                { id: 'inv_2', name: 'Hugo Hale' },
              ],
            },
          },
        };
      }),
    );
    renderPage(<AdminDebugFieldPage />, {
      path: '/admin/debug-field',
      route:
        '/admin/debug-field?targetField=sectorFocus&selectedValues=fintech&selectedValues=payments%2C%20cards&finalValue=Fintech',
    });
    expect(await screen.findByText(messages.loadingSearchableInvestorResults)).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Matching searchable investors' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ada Abernook', 'Hugo Hale']);
    expect(urls[0]).toBe('/api/admin/debug-field?targetField=sectorFocus&value=fintech');
    // A value with a comma stays whole.
    expect(screen.getByText('payments, cards')).toBeTruthy();
  });

  it('searches a first value that contains a comma whole', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      answerFetch((url) => {
        urls.push(url);
        return { body: { data: { field: 'sectorFocus', value: 'payments, cards', investors: [] } } };
      }),
    );
    renderPage(<AdminDebugFieldPage />, {
      path: '/admin/debug-field',
      route: paths.adminDebugField.href({
        targetField: 'sectorFocus',
        selectedValues: ['payments, cards', 'fintech'],
        finalValue: 'Payments',
      }),
    });
    expect(await screen.findByText(messages.noResultsFound)).toBeTruthy();
    expect(urls[0]).toBe('/api/admin/debug-field?targetField=sectorFocus&value=payments%2C+cards');
  });

  it('says when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      answerFetch(() => ({ body: { data: { field: 'stageFocus', value: 'pre-seed', investors: [] } } })),
    );
    renderPage(<AdminDebugFieldPage />, {
      path: '/admin/debug-field',
      route: '/admin/debug-field?targetField=stageFocus&selectedValues=pre-seed',
    });
    expect(await screen.findByText(messages.noResultsFound)).toBeTruthy();
  });

  it('explains a missing field or value without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage(<AdminDebugFieldPage />, {
      path: '/admin/debug-field',
      route: '/admin/debug-field?targetField=x',
    });
    expect(await screen.findByText(DEBUG_FIELD_PARAMS_MISSING)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
