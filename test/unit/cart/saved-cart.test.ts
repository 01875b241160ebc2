import { describe, expect, it } from 'vitest';
import { toCartView } from '../../../shared/api/carts';
import type { CartInvestor } from '../../../shared/cart/cart';
import type { PaymentLinks } from '../../../shared/cart/pricing';
import {
  canReadCart,
  canResaveCart,
  checkCartToSave,
  investorsNotInDirectory,
  savedCart,
} from '../../../shared/cart/saved-cart';
import { messages } from '../../../shared/messages';

const links: PaymentLinks = {
  'tier-50': 'https://pay.example/50',
  'tier-250': 'https://pay.example/250',
  'tier-1000': 'https://pay.example/1000',
  'tier-2500': 'https://pay.example/2500',
};

const ids = (count: number) => Array.from({ length: count }, (_, i) => `inv_${i}`);

describe('checkCartToSave', () => {
  it('prices a cart from its item count with the tier link', () => {
    expect(checkCartToSave(ids(251), ['name'], links)).toEqual({
      ok: true,
      pricing: {
        tierDescription: '251 to 1,000 contacts',
        totalX100: 2500,
        lineItemCount: 251,
        stripePaymentLink: 'https://pay.example/1000',
      },
    });
  });

  it('accepts the largest tier and refuses one item more with the spec message', () => {
    expect(checkCartToSave(ids(2500), ['name'], links).ok).toBe(true);
    expect(checkCartToSave(ids(2501), ['name'], links)).toEqual({
      ok: false,
      message: 'A cart can hold at most 2,500 contacts.',
    });
  });

  it('refuses an empty cart with the spec message', () => {
    expect(checkCartToSave([], ['name'], links)).toEqual({ ok: false, message: messages.noCartToSave });
  });

  it('refuses a repeated investor, naming it', () => {
    expect(checkCartToSave(['a', 'b', 'a'], ['name'], links)).toEqual({
      ok: false,
      message: 'Investor a is in the cart more than once.',
    });
  });

  it('refuses a cart without columns with the spec message', () => {
    expect(checkCartToSave(['a'], [], links)).toEqual({ ok: false, message: messages.noColumnsSelected });
  });

  it('throws when the tier has no payment link configured', () => {
    expect(() => checkCartToSave(['a'], ['name'], { ...links, 'tier-50': '' })).toThrow(
      'No payment link configured for tier-50',
    );
  });
});

describe('investorsNotInDirectory', () => {
  it('lists up to five ids and counts the rest', () => {
    expect(investorsNotInDirectory(['a'])).toBe('These investors are not in the directory: a.');
    expect(investorsNotInDirectory(ids(7))).toBe(
      'These investors are not in the directory: inv_0, inv_1, inv_2, inv_3, inv_4 and 2 more.',
    );
  });
});

describe('who may re-save or read a cart', () => {
  it('lets only the creator re-save, and only while active and not flagged', () => {
    const active = { creatorUserId: 'u1', status: 'active', flaggedReason: null } as const;
    expect(canResaveCart(active, 'u1')).toBe(true);
    expect(canResaveCart({ ...active, status: 'checkout' }, 'u1')).toBe(false);
    expect(canResaveCart({ ...active, status: 'purchased' }, 'u1')).toBe(false);
    expect(canResaveCart({ ...active, flaggedReason: 'Paid 1 usd' }, 'u1')).toBe(false);
    expect(canResaveCart(active, 'u2')).toBe(false);
  });

  it('lets the creator and admins read', () => {
    expect(canReadCart({ creatorUserId: 'u1' }, { userId: 'u1', isAdmin: false })).toBe(true);
    expect(canReadCart({ creatorUserId: 'u1' }, { userId: 'u2', isAdmin: true })).toBe(true);
    expect(canReadCart({ creatorUserId: 'u1' }, { userId: 'u2', isAdmin: false })).toBe(false);
  });
});

describe('savedCart and its view', () => {
  const now = new Date('2024-03-07T14:05:00.000Z');
  const pricing = {
    tierDescription: 'Up to 50 contacts',
    totalX100: 500,
    lineItemCount: 3,
    stripePaymentLink: 'https://pay.example/50',
  };
  const input = {
    id: 'cart_20240307-ABCDEFGH',
    investorIds: ['c', 'a', 'b'],
    columnOrder: ['name', 'email'] as const,
    pricing,
    creatorUserId: 'u1',
    now,
  };

  it('starts a new cart now and keeps the start of a re-saved one', () => {
    const fresh = savedCart({ ...input, columnOrder: [...input.columnOrder], previous: null });
    const resaved = savedCart({ ...input, columnOrder: ['name'], previous: { startedDate: 1, version: 3 } });

    expect(fresh).toEqual({
      id: 'cart_20240307-ABCDEFGH',
      startedDate: now.getTime(),
      searchableInvestorEntryIds: ['c', 'a', 'b'],
      pricing,
      status: 'active',
      creatorUserId: 'u1',
      columnOrder: ['name', 'email'],
      exportFormat: 'csv',
      savedAt: '2024-03-07T14:05:00.000Z',
      purchasedAt: null,
      flaggedReason: null,
      version: 1,
      checkoutOpenedAt: null,
      recipientEmail: null,
      paymentStatus: null,
      paidSessionId: null,
      paidWithCredit: false,
    });
    expect(resaved.startedDate).toBe(1);
    expect(resaved.version).toBe(4);
  });

  it('rebuilds the items in the saved order and leaves out investors no longer in the directory', () => {
    const card = (id: string): CartInvestor => ({
      id,
      name: `Investor ${id}`,
      investorRole: 'vc',
      stageFocus: [],
      sectorFocus: [],
      hasEmail: true,
      hasPhone: false,
      hasLinkedIn: false,
      hasTwitter: false,
      hasCrunchbase: false,
    });
    const cart = savedCart({ ...input, columnOrder: ['name'], previous: null });

    const view = toCartView(
      cart,
      new Map([
        ['a', card('a')],
        ['c', card('c')],
      ]),
    );

    expect(view.items).toEqual([
      { id: 'c', searchableInvestorEntry: card('c') },
      { id: 'a', searchableInvestorEntry: card('a') },
    ]);
    expect(view.searchableInvestorEntryIds).toEqual(['c', 'a', 'b']);
    expect(view).not.toHaveProperty('savedAt');
    expect(view).not.toHaveProperty('flaggedReason');
    expect(view.paymentFlagged).toBe(false);
    expect(toCartView({ ...cart, flaggedReason: 'Paid 1 usd' }, new Map()).paymentFlagged).toBe(true);
  });
});
